import Foundation

/// Hands ``ImportBatch``es from the parsing thread to the database thread and
/// back for reuse, with at most `limit` batches in existence: memory stays flat
/// whatever the file's size, and a parser that runs ahead waits.
///
/// Either side can stop early: the parser by finishing, the database thread by
/// cancelling (the parser's next ``emptyBatch()`` returns nil).
final class ImportBatchQueue: @unchecked Sendable {
    /// Events per batch: large enough that hand-offs cost nothing, small enough to stay in cache.
    static let batchCapacity = 2048

    private let condition = NSCondition()
    private let limit: Int
    /// Events a new batch reserves room for.
    private let reserve: Int
    // Guarded by `condition`.
    private var filled: [ImportBatch] = []
    private var empty: [ImportBatch] = []
    private var created = 0
    private var finished = false
    private var cancelled = false
    private var parserOutcome: ImportParser.Outcome?

    /// - Parameters:
    ///   - limit: Batches in existence at most; a parser that would need another waits for one to come back.
    ///   - expectedBytes: The bytes the parser will read, if known: a small file's batches reserve room for
    ///     the events it can hold, not ``batchCapacity`` (a fuzzer imports hundreds of small files a second).
    init(limit: Int = 4, expectedBytes: Int? = nil) {
        self.limit = limit
        // No event line is shorter than 16 bytes; a batch that guessed low grows like any array.
        reserve = min(Self.batchCapacity, expectedBytes.map { max($0, 0) / 16 + 1 } ?? Self.batchCapacity)
    }

    // MARK: - Parsing thread

    /// A batch to fill, waiting while `limit` are in flight; nil once the database thread cancelled.
    func emptyBatch() -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while empty.isEmpty && created == limit && !cancelled { condition.wait() }
        if cancelled { return nil }
        if let batch = empty.popLast() { return batch }
        created += 1
        return ImportBatch(capacity: reserve)
    }

    func send(_ batch: ImportBatch) {
        condition.lock()
        filled.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// No more batches; `outcome` is what the parse found.
    func finish(_ outcome: ImportParser.Outcome) {
        condition.lock()
        parserOutcome = outcome
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: - Database thread

    /// The next filled batch, waiting for one; nil when the parser finished and every batch was received.
    func receive() -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while filled.isEmpty && !finished { condition.wait() }
        return filled.isEmpty ? nil : filled.removeFirst()
    }

    /// Gives a batch back for the parser to fill again.
    func recycle(_ batch: ImportBatch) {
        batch.removeAll()
        condition.lock()
        empty.append(batch)
        condition.signal()
        condition.unlock()
    }

    /// Stops the parser at its next batch.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the parser to finish and returns what it found.
    func outcome() -> ImportParser.Outcome {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return parserOutcome!
    }
}
