import LifelineCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The trace file the writer appends to, with rotation and crash-safe appends.
///
/// Every append is a run of whole lines. If the OS writes only part of one
/// (a full disk), the file is truncated back to the last whole line, so the
/// file never holds a torn line except when the process itself dies mid-write.
struct TraceFileSink {
    /// The path of the first file; rotated parts derive from it.
    let firstPath: String
    private(set) var path: String
    private(set) var part: Int64 = 1
    private(set) var size: Int = 0
    private var descriptor: Int32 = -1

    /// Opens (creating or appending to) `path`.
    init(path: String) throws(RecorderError) {
        firstPath = path
        self.path = path
        try open(path)
    }

    private mutating func open(_ path: String) throws(RecorderError) {
        let descriptor = posixOpen(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RecorderError(.cannotOpenFile, path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        fstat(descriptor, &info)
        size = Int(info.st_size)
        self.descriptor = descriptor
        self.path = path
        // A previous process that died mid-line left a torn last line: end it so our lines start clean.
        if size > 0 && !Self.endsWithNewline(path) {
            if writeAll([0x0A]) == 1 { size += 1 }
        }
    }

    private static func endsWithNewline(_ path: String) -> Bool {
        let reader = posixOpen(path, O_RDONLY | O_CLOEXEC, 0)
        guard reader >= 0 else { return true }
        defer { _ = posixClose(reader) }
        var last: UInt8 = 0
        let end = lseek(reader, -1, SEEK_END)
        guard end >= 0, read(reader, &last, 1) == 1 else { return true }
        return last == 0x0A
    }

    /// Appends whole lines; returns how many bytes made it (always a whole number of lines).
    ///
    /// When the OS takes only part of the run (a full disk), the lines it took
    /// whole stay and the torn remainder is truncated away.
    mutating func append(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends whole lines from `bytes`, as the array form does.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard descriptor >= 0 else { return 0 }
        let written = writeAll(bytes)
        if written == bytes.count {
            size += written
            return written
        }
        let kept = bytes[..<written].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        if ftruncate(descriptor, off_t(size + kept)) == 0 {
            size += kept
            return kept
        }
        // Could not take the torn part back: end it so the next line starts clean.
        size += written
        if written > kept, writeAll([0x0A]) == 1 { size += 1 }
        return kept
    }

    /// Writes as much as the OS takes; returns the byte count written.
    private func writeAll(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ raw: UnsafeRawBufferPointer) -> Int {
        guard let start = raw.baseAddress else { return 0 }
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, start + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return offset
            }
            if written == 0 { return offset }
            offset += written
        }
        return offset
    }

    /// Asks the OS to put the file's data on disk.
    func synchronize() {
        if descriptor >= 0 { _ = fsync(descriptor) }
    }

    /// Continues in the next part file (`name.2.ndjson`, ...); returns `false` if it cannot be opened.
    mutating func rotate() -> Bool {
        let nextPart = part + 1
        let nextPath = Self.path(of: firstPath, part: nextPart)
        let previous = descriptor
        do {
            try open(nextPath)
        } catch {
            return false
        }
        _ = posixClose(previous)
        part = nextPart
        return true
    }

    mutating func close() {
        if descriptor >= 0 {
            _ = posixClose(descriptor)
            descriptor = -1
        }
    }

    /// `dir/name.ndjson` → `dir/name.2.ndjson`; other extensions likewise.
    static func path(of first: String, part: Int64) -> String {
        let slash = first.lastIndex(of: "/")
        let nameStart = slash.map { first.index(after: $0) } ?? first.startIndex
        if let dot = first[nameStart...].lastIndex(of: "."), dot > nameStart {
            return "\(first[..<dot]).\(part)\(first[dot...])"
        }
        return "\(first).\(part)"
    }
}

// The POSIX names clash with this type's own methods; these aliases keep call sites readable.
@inline(__always)
private func posixOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always)
private func posixClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
