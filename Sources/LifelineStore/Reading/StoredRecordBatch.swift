/// Records read from the database on their way to the thread that handles them
/// (``TraceStore/forEachRecordReadingAhead(_:)``); one thread owns a batch at a time.
final class StoredRecordBatch: @unchecked Sendable {
    /// Records per batch: large enough that hand-offs cost nothing, small enough to stay in cache.
    static let capacity = 2048

    var records: [StoredRecord] = []

    init() { records.reserveCapacity(Self.capacity) }
}
