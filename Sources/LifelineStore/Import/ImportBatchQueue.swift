import LifelineFormat
import LifelineSupport

/// Hands ``ImportBatch``es from the parsing thread to the database thread and
/// back for reuse, with at most `limit` batches in existence: memory stays flat
/// whatever the file's size, and a parser that runs ahead waits.
///
/// Either side can stop early: the parser by finishing, the database thread by
/// cancelling (the parser's next ``BatchQueue/emptyBatch()`` returns nil). The
/// queue is the one `lifeline check` reads ahead with (``BatchQueue``).
typealias ImportBatchQueue = BatchQueue<ImportBatch, ImportParser.Outcome>

extension BatchQueue where Batch == ImportBatch, Outcome == ImportParser.Outcome {
    /// Events per batch: large enough that hand-offs cost nothing, small enough to stay in cache.
    static var batchCapacity: Int { 2048 }

    /// - Parameters:
    ///   - limit: Batches in existence at most; a parser that would need another waits for one to come back.
    ///   - expectedBytes: The bytes the parser will read, if known: a small file's batches reserve room for
    ///     the events it can hold, not ``batchCapacity`` (a fuzzer imports hundreds of small files a second).
    convenience init(limit: Int = 4, expectedBytes: Int? = nil) {
        // No event line is shorter than 16 bytes; a batch that guessed low grows like any array.
        let reserve = min(Self.batchCapacity, expectedBytes.map { max($0, 0) / 16 + 1 } ?? Self.batchCapacity)
        self.init(limit: limit, makeBatch: { ImportBatch(capacity: reserve) }, reset: { $0.removeAll() })
    }
}
