import Foundation
@_spi(Performance) import LifelineFormat
import LifelineSupport

extension TraceStore {
    /// ``forEachRecord(_:)`` with the rows read and decoded on a thread of its own, in bounded
    /// batches, while `body` handles the records before: the same records in the same order, and
    /// reading (most of the cost of a check from the database) takes turns with the caller's work
    /// on a second core. Memory stays flat: at most a few batches are in flight.
    ///
    /// Throws what ``forEachRecord(_:)`` throws, once `body` has had every record read before the failure.
    ///
    /// ```swift
    /// try store.forEachRecordReadingAhead { record in
    ///     if case .event(let event, _) = record { checker.check(event, line: 0) }
    /// }
    /// ```
    @_spi(Performance) public func forEachRecordReadingAhead(_ body: (StoredRecord) -> Void) throws {
        let queue = BatchQueue<StoredRecordBatch, (any Error)?>(makeBatch: StoredRecordBatch.init) {
            $0.records.removeAll(keepingCapacity: true)
        }
        Thread { [self] in queue.finish(readAhead(into: queue)) }.start()
        while let batch = queue.receive() {
            for record in batch.records { body(record) }
            queue.recycle(batch)
        }
        if let error = queue.outcome() { throw error }
    }

    /// The reading thread: fills batches with every record; returns the error that stopped it, if any.
    private func readAhead(into queue: BatchQueue<StoredRecordBatch, (any Error)?>) -> (any Error)? {
        // The consumer never cancels, so a batch always comes; a new one would do as well.
        var batch = queue.emptyBatch() ?? StoredRecordBatch()
        do {
            try forEachRecord { record in
                batch.records.append(record)
                if batch.records.count >= StoredRecordBatch.capacity {
                    queue.send(batch)
                    batch = queue.emptyBatch() ?? StoredRecordBatch()
                }
            }
            queue.send(batch)
            return nil
        } catch {
            queue.send(batch)
            return error
        }
    }
}
