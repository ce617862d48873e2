import LifelineFormat

/// Lines of a trace file, scanned and checked, on their way to the database:
/// event rows, and the launch rows and diagnostics between them, in file order.
///
/// The parsing thread fills a batch and the database thread empties it (see
/// ``ImportBatchQueue``); one thread owns it at a time. Event strings are byte
/// ranges in ``bytes``, copied out of the lines, so a batch holds no `String`s
/// per event.
final class ImportBatch: @unchecked Sendable {
    /// A byte range in ``bytes``; `count` is -1 for a missing (null) value.
    struct Slice {
        var start: Int32
        var count: Int32

        static let none = Slice(start: 0, count: -1)

        /// The slice's bytes in `bytes`, the batch's (a present value: `count` is not -1).
        @inline(__always)
        func bytes(in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + Int(start) }, count: Int(count))
        }
    }

    struct Event {
        var seq: Int64
        var t: Int64
        var line: Int
        /// The catalog callback; nil for an app-defined name, which is in `name`.
        var callback: Callback?
        var name: Slice
        var phase: Phase
        var session: Slice
        var scene: Slice
        var thread: Slice
        var attrs: Slice
    }

    /// What comes before event `before` (or after the last event, when it is `events.count`).
    enum Interlude {
        /// A launch record and its line.
        case launch(LaunchRecord, line: Int)
        case diagnostic(Diagnostic)
    }

    var events: [Event] = []
    var interludes: [(before: Int, Interlude)] = []
    var bytes: [UInt8] = []
    /// Bytes of the file read up to the end of this batch, for progress.
    var bytesRead = 0

    init(capacity: Int) {
        events.reserveCapacity(capacity)
        bytes.reserveCapacity(capacity * 64)
    }

    func removeAll() {
        events.removeAll(keepingCapacity: true)
        interludes.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Copies a scanned string's bytes into the batch.
    func append(_ string: ScannedString?, line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer) -> Slice {
        guard let string else { return .none }
        let source = string.isDecoded ? scratch : line
        let start = bytes.count
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: source[string.start..<(string.start + string.count)]))
        return Slice(start: Int32(start), count: Int32(string.count))
    }

    /// Copies a byte range of the line into the batch.
    func append(_ range: Range<Int>?, line: UnsafeRawBufferPointer) -> Slice {
        guard let range else { return .none }
        let start = bytes.count
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[range]))
        return Slice(start: Int32(start), count: Int32(range.count))
    }
}
