import Foundation

/// Hands batches from a producing thread to a consuming thread and back for reuse, with at most
/// `limit` batches in existence: memory stays flat whatever the input's size, and a producer that
/// runs ahead waits.
///
/// The producer takes ``emptyBatch()``, fills it, ``send(_:)``s it, and ends with
/// ``finish(_:)`` and what it found; the consumer ``receive()``s batches in order and
/// ``recycle(_:)``s each when done. Either side can stop early: the producer by finishing, the
/// consumer by ``cancel()`` (the producer's next ``emptyBatch()`` returns nil).
///
/// ```swift
/// let queue = BatchQueue<Chunk, Int>(limit: 4) { Chunk() }
/// Thread { produce(into: queue) }.start()
/// while let chunk = queue.receive() { consume(chunk); queue.recycle(chunk) }
/// let outcome = queue.outcome()
/// ```
package final class BatchQueue<Batch: AnyObject, Outcome>: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private let makeBatch: () -> Batch
    private let reset: (Batch) -> Void
    // Guarded by `condition`.
    private var filled: [Batch] = []
    private var empty: [Batch] = []
    private var created = 0
    private var finished = false
    private var cancelled = false
    private var producerOutcome: Outcome?

    /// - Parameters:
    ///   - limit: Batches in existence at most; a producer that would need another waits for one to come back.
    ///   - makeBatch: A new empty batch.
    ///   - reset: Empties a batch the consumer gave back (on the consumer's thread).
    package init(limit: Int = 4, makeBatch: @escaping () -> Batch, reset: @escaping (Batch) -> Void) {
        self.limit = max(limit, 1)
        self.makeBatch = makeBatch
        self.reset = reset
    }

    // MARK: - Producing thread

    /// A batch to fill, waiting while `limit` are in flight; nil once the consumer cancelled.
    package func emptyBatch() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty && created == limit && !cancelled { condition.wait() }
        if cancelled { return nil }
        if let batch = empty.popLast() { return batch }
        created += 1
        return makeBatch()
    }

    package func send(_ batch: Batch) {
        condition.lock()
        filled.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// No more batches; `outcome` is what the producer found.
    package func finish(_ outcome: Outcome) {
        condition.lock()
        producerOutcome = outcome
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: - Consuming thread

    /// The next filled batch, waiting for one; nil when the producer finished and every batch was received.
    package func receive() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && !finished { condition.wait() }
        return filled.isEmpty ? nil : filled.removeFirst()
    }

    /// Gives a batch back for the producer to fill again.
    package func recycle(_ batch: Batch) {
        reset(batch)
        condition.lock()
        empty.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// Stops the producer at its next batch.
    package func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the producer to finish and returns what it found.
    package func outcome() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        // `finished` is set only together with the outcome.
        return producerOutcome.unsafelyUnwrapped
    }
}
