/// Lines of a trace read and scanned ahead on another thread: their bytes, copied out of the
/// reader's buffer, and what the scanner found of each event (a compact ``ScannedEvent``) (see ``TraceLineReader/forEachLineScannedAhead(linesPerBatch:opening:_:)``).
package final class ScannedLineBatch: @unchecked Sendable {
    /// Lines per batch: large enough that hand-offs cost nothing, small enough to stay in cache.
    package static let capacity = 2048

    /// One line that is not blank.
    package struct Line: Sendable {
        /// The line's bytes in ``ScannedLineBatch/bytes``.
        package var start: Int
        package var count: Int
        /// The 1-based line number in the file.
        package var number: Int
        /// Whether the line ended with a newline (only the last one may not).
        package var terminated: Bool
        /// The scanned event, its strings ranges of the line's bytes; nil when the reader of the
        /// batch must scan the line itself: a launch record, a line that is not a valid record (the
        /// scan throws again, with its diagnostic), or one whose strings had escapes (decoded into
        /// a scanner's scratch space, which is not kept).
        package var event: ScannedEvent?
    }

    package var lines: [Line] = []
    package var bytes: [UInt8] = []

    package init() {
        lines.reserveCapacity(Self.capacity)
        bytes.reserveCapacity(Self.capacity * 128)
    }

    package func removeAll() {
        lines.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }
}
