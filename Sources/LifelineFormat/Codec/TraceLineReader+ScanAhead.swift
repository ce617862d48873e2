import Foundation
import LifelineSupport

extension TraceLineReader {
    /// Reads and scans a trace's lines on a thread of its own while `body` handles the lines before,
    /// in bounded batches (``BatchQueue``, `linesPerBatch` lines each): reading and scanning, most of the cost of a trace line,
    /// take turns with what the caller does on a second core, and memory stays flat.
    ///
    /// `body` gets every line that is not blank, in order, with its bytes (terminator removed),
    /// number, whether it was terminated and, for an event line the other thread scanned, the
    /// scan; for the others (``ScannedLineBatch/Line/event`` explains which) it scans the bytes
    /// itself. `open` runs on the reading thread; its error, a read error and an overlong line are
    /// thrown once `body` has had every line before them, as ``forEachLine(firstLine:_:)`` and
    /// ``checkReadError()`` would report them.
    ///
    /// ```swift
    /// try TraceLineReader.forEachLineScannedAhead(opening: { () throws(TraceFileError) in
    ///     try TraceLineReader(path: "big.ndjson")
    /// }) { bytes, line in
    ///     print(line.number, line.event?.seq ?? -1)
    /// }
    /// ```
    package static func forEachLineScannedAhead(
        linesPerBatch: Int = ScannedLineBatch.capacity,
        opening open: @escaping @Sendable () throws(TraceFileError) -> TraceLineReader,
        _ body: (UnsafeRawBufferPointer, ScannedLineBatch.Line) -> Void
    ) throws(TraceFileError) {
        let queue = BatchQueue<ScannedLineBatch, TraceFileError?>(makeBatch: ScannedLineBatch.init) { $0.removeAll() }
        let capacity = max(linesPerBatch, 1)
        Thread { queue.finish(scanAhead(open, linesPerBatch: capacity, into: queue)) }.start()
        while let batch = queue.receive() {
            batch.bytes.withUnsafeBytes { raw in
                // Each line is passed where it lies in the batch, not copied out.
                batch.lines.withUnsafeBufferPointer { lines in
                    for index in lines.indices {
                        body(
                            UnsafeRawBufferPointer(rebasing: raw[lines[index].start..<(lines[index].start + lines[index].count)]),
                            lines[index])
                    }
                }
            }
            queue.recycle(batch)
        }
        if let error = queue.outcome() { throw error }
    }

    /// The reading thread: fills batches until the end of the input; returns why it stopped early, if it did.
    private static func scanAhead(
        _ open: () throws(TraceFileError) -> TraceLineReader, linesPerBatch: Int,
        into queue: BatchQueue<ScannedLineBatch, TraceFileError?>
    ) -> TraceFileError? {
        do throws(TraceFileError) {
            var reader = try open()
            guard var batch = queue.emptyBatch() else { return nil }
            var scanner = TraceLineScanner()
            reader.forEachLine { bytes, number, terminated in
                if TraceLineScanner.isBlank(bytes) { return true }
                var line = ScannedLineBatch.Line(start: batch.bytes.count, count: bytes.count, number: number, terminated: terminated)
                batch.bytes.append(contentsOf: bytes)
                if let scanned = try? scanner.scan(bytes, lineNumber: number), scanner.scratch.isEmpty {
                    line.event = ScannedEvent(scanned, lineLength: bytes.count, scratchLength: 0)
                }
                batch.lines.append(line)
                if batch.lines.count >= linesPerBatch {
                    queue.send(batch)
                    guard let next = queue.emptyBatch() else { return false }
                    batch = next
                }
                return true
            }
            queue.send(batch)
            try reader.checkReadError()
            return nil
        } catch {
            return error
        }
    }
}
