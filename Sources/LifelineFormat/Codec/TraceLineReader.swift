import LifelineSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a file into lines in fixed-size chunks, so memory stays flat however large the file.
///
/// Handles `\n` and `\r\n` terminators, skips a UTF-8 byte-order mark at the
/// start, and tells the caller whether each line was terminated (a producer
/// that crashed mid-write leaves an unterminated last line).
///
/// A line longer than ``maximumLineLength`` stops the reading with an error at
/// that line (``checkReadError()``): a trace from elsewhere could otherwise be
/// one endless line, which the buffer would grow to hold until memory ran out.
///
/// ```swift
/// var reader = try TraceLineReader(path: "traces/notes.ndjson")
/// try reader.forEachLine { bytes, number, terminated in
///     print(number, bytes.count, terminated)
///     return true   // keep going
/// }
/// ```
public struct TraceLineReader: ~Copyable {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let chunkSize: Int
    /// The longest line, in bytes without its terminator, the reader holds; a longer one is an error.
    ///
    /// An event line is a few hundred bytes; 16 MiB leaves room for any real
    /// `attrs` while keeping a hostile file's cost bounded.
    public var maximumLineLength = TraceLineReader.defaultMaximumLineLength
    /// ``maximumLineLength`` unless the caller sets another: 16 MiB.
    public static let defaultMaximumLineLength = 16 << 20
    /// Bytes past this offset are treated as absent (a file another process is still appending to).
    public var endOffset: Int?
    /// Bytes read from the file so far.
    public private(set) var bytesRead: Int = 0
    /// Byte offset just past the last terminated line delivered (where an import may resume).
    public private(set) var terminatedOffset: Int = 0
    /// Called by ``forEachLine(firstLine:_:)`` with each block of bytes as it is read, in file order,
    /// before its lines (the importer hashes a new file as it parses it, instead of reading it twice).
    public var onRead: ((UnsafeRawBufferPointer) -> Void)?
    public let path: String

    /// Opens `path` for reading; it must be a regular file.
    ///
    /// `/dev/zero` never ends and a FIFO blocks its reader (in `open` itself), so a
    /// trace directory from elsewhere holding a link to one would hang the command:
    /// anything but a regular file is refused before it is opened. Standard input
    /// goes through ``init(descriptor:path:chunkSize:)``.
    public init(path: String, chunkSize: Int = 1 << 20) throws(TraceFileError) {
        if let refusal = InputFile.refusal(path) {
            throw TraceFileError(path: path, operation: "read", errno: 0, reason: refusal)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError(path: path, operation: "open", errno: errno) }
        self.init(descriptor: descriptor, ownsDescriptor: true, path: path, chunkSize: chunkSize)
    }

    /// Reads from an open descriptor (standard input, say); `path` names it in diagnostics.
    public init(descriptor: Int32, path: String, chunkSize: Int = 1 << 20) {
        self.init(descriptor: descriptor, ownsDescriptor: false, path: path, chunkSize: chunkSize)
    }

    private init(descriptor: Int32, ownsDescriptor: Bool, path: String, chunkSize: Int) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.path = path
        self.chunkSize = max(chunkSize, 64)
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Starts reading at byte `offset` (to import only what a file gained), with line numbers from `firstLine`.
    public mutating func seek(to offset: Int) throws(TraceFileError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw TraceFileError(path: path, operation: "seek", errno: errno)
        }
        bytesRead = offset
        terminatedOffset = offset
    }

    /// Calls `body` with each line's bytes (terminator removed), its 1-based
    /// number and whether it was terminated; `body` returns `false` to stop.
    public mutating func forEachLine<E: Error>(
        firstLine: Int = 1,
        _ body: (UnsafeRawBufferPointer, Int, Bool) throws(E) -> Bool
    ) throws(E) where E: Error {
        // Only the body's errors are thrown; a read error stops the loop and is
        // reported by `checkReadError()` afterwards.
        var buffer = [UInt8](repeating: 0, count: initialBufferSize())
        var filled = 0
        var lineNumber = firstLine
        var atStart = bytesRead == 0
        var bufferOffset = bytesRead  // file offset of buffer[0]
        var readError: Int32 = 0
        defer { if readError != 0 { lastReadErrno = readError } }
        outer: while true {
            if filled == buffer.count {
                // Only a partial line is left in a full buffer: past the limit, stop rather than grow.
                if filled > maximumLineLength {
                    overlongLine = lineNumber
                    return
                }
                buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, maximumLineLength + 1)))
            }
            var wanted = buffer.count - filled
            if let endOffset { wanted = min(wanted, max(0, endOffset - bytesRead)) }
            if wanted == 0 { break }
            let count = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + filled, wanted)
            }
            if count < 0 {
                if errno == EINTR { continue }
                readError = errno
                break
            }
            if count == 0 { break }
            bytesRead += count
            let chunkStart = filled
            filled += count
            if let onRead { buffer.withUnsafeBytes { onRead(UnsafeRawBufferPointer(rebasing: $0[chunkStart..<filled])) } }
            var consumed = 0
            let keepGoing: Bool = try buffer.withTypedBytes { (raw: UnsafeRawBufferPointer) throws(E) -> Bool in
                if atStart {
                    if filled >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { consumed = 3 }
                    atStart = false
                }
                var search = max(chunkStart, consumed)
                while let newline = Self.firstNewline(raw, from: search, to: filled) {
                    var lineEnd = newline
                    if lineEnd > consumed && raw[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                    if lineEnd - consumed > maximumLineLength {
                        overlongLine = lineNumber
                        return false
                    }
                    let line = UnsafeRawBufferPointer(rebasing: raw[consumed..<lineEnd])
                    terminatedOffset = bufferOffset + newline + 1
                    consumed = newline + 1
                    search = consumed
                    let number = lineNumber
                    lineNumber += 1
                    if try !body(line, number, true) { return false }
                }
                return true
            }
            if !keepGoing { return }
            // Keep the partial line at the front of the buffer for the next read.
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + consumed, filled - consumed)
                }
                filled -= consumed
                bufferOffset += consumed
            }
            continue outer
        }
        if filled > 0 {
            try buffer.withTypedBytes { (raw: UnsafeRawBufferPointer) throws(E) in
                var lineEnd = filled
                if raw[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                if lineEnd > maximumLineLength {
                    overlongLine = lineNumber
                    return
                }
                _ = try body(UnsafeRawBufferPointer(rebasing: raw[0..<lineEnd]), lineNumber, false)
            }
        }
    }

    /// The chunk size, or less for a regular file with less left to read: the rest of it and a
    /// byte to see its end. Most traces, rules checks' and fuzzers' inputs are far smaller than a
    /// chunk, and a megabyte allocated and cleared per file is most of the cost of reading a small one.
    /// A file that grows while it is read is still read to its end, in smaller reads.
    private func initialBufferSize() -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return chunkSize }
        var left = Int(info.st_size) - bytesRead
        if let endOffset { left = min(left, endOffset - bytesRead) }
        return min(chunkSize, max(left, 0) + 64)
    }

    /// The `errno` of a read that failed during ``forEachLine(firstLine:_:)``, or 0.
    public private(set) var lastReadErrno: Int32 = 0
    /// The number of a line longer than ``maximumLineLength`` that stopped ``forEachLine(firstLine:_:)``.
    public private(set) var overlongLine: Int?

    /// Throws if the last ``forEachLine(firstLine:_:)`` stopped on a read error or an overlong line.
    public func checkReadError() throws(TraceFileError) {
        if lastReadErrno != 0 { throw TraceFileError(path: path, operation: "read", errno: lastReadErrno) }
        if let overlongLine {
            throw TraceFileError(
                path: path, operation: "read", errno: 0,
                reason: "the line is longer than \(Self.describe(bytes: maximumLineLength)), the most a trace line may hold",
                line: overlongLine)
        }
    }

    /// `16 MiB` for whole mebibytes, `100 bytes` otherwise.
    private static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    private static func firstNewline(_ raw: UnsafeRawBufferPointer, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        let base = raw.baseAddress! + start
        guard let found = memchr(base, 0x0A, end - start) else { return nil }
        return start + (UnsafeRawPointer(found) - UnsafeRawPointer(base))
    }
}
