import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The content hashes one pass over a file yields.
///
/// Taken in a pass of their own (``init(path:priorSize:)``), from content already read
/// (``init(bytes:priorSize:)``: a foreign file, read once), or by the import's parser as it reads the
/// file (``Builder``, fed each block the reader reads): the same bytes give the same hashes whichever way.
struct FileHashes: Sendable {
    /// The whole file as it was when hashed (the import reads no further).
    var size: Int
    var full: String
    /// Up to and including the last newline.
    var terminatedSize: Int
    var terminated: String
    /// Of the first `priorSize` bytes, when the file had an earlier import no longer than it is now.
    var prior: String?

    /// Hashes a file's bytes as they come, in order from its first byte.
    struct Builder {
        private let priorSize: Int?
        private var hash = ContentHash()
        private var terminatedHash = ContentHash()
        private var priorHash: String?
        private var offset = 0

        init(priorSize: Int?) { self.priorSize = priorSize }

        /// Hashes the next `chunk` of the file.
        mutating func update(_ chunk: UnsafeRawBufferPointer) {
            let count = chunk.count
            guard count > 0 else { return }
            var cuts: [Int] = []
            if let priorSize, priorSize > offset, priorSize <= offset + count { cuts.append(priorSize - offset) }
            let lastNewline = chunk.lastIndex(of: 0x0A).map { $0 + 1 }
            if let lastNewline { cuts.append(lastNewline) }
            var done = 0
            for cut in Set(cuts).sorted() {
                hash.update(UnsafeRawBufferPointer(rebasing: chunk[done..<cut]))
                done = cut
                if cut == lastNewline { terminatedHash = hash }
                if let priorSize, offset + cut == priorSize { priorHash = hash.text }
            }
            hash.update(UnsafeRawBufferPointer(rebasing: chunk[done..<count]))
            offset += count
        }

        /// The hashes of everything hashed so far.
        func finish() -> FileHashes {
            FileHashes(
                size: offset, full: hash.text, terminatedSize: Int(terminatedHash.count), terminated: terminatedHash.text,
                prior: priorSize == 0 ? ContentHash().text : priorHash)
        }
    }

    private init(size: Int, full: String, terminatedSize: Int, terminated: String, prior: String?) {
        self.size = size
        self.full = full
        self.terminatedSize = terminatedSize
        self.terminated = terminated
        self.prior = prior
    }

    /// Hashes content already in memory.
    init(bytes: [UInt8], priorSize: Int?) {
        var builder = Builder(priorSize: priorSize)
        bytes.withUnsafeBytes { builder.update($0) }
        self = builder.finish()
    }

    /// Reads the file at `path` to its end and hashes it.
    init(path: String, priorSize: Int?) throws(TraceFileError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError(path: path, operation: "open", errno: errno) }
        defer { close(descriptor) }
        var builder = Builder(priorSize: priorSize)
        // A megabyte, or the file's size and a byte to see its end when it is smaller: clearing a
        // megabyte per file is most of the cost of hashing a small one.
        var info = stat()
        let statedSize = fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 1 << 20
        var buffer = [UInt8](repeating: 0, count: min(statedSize, 1 << 20) + 1)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceFileError(path: path, operation: "read", errno: errno)
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { builder.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        self = builder.finish()
    }

    /// The two sizes a hash of the file at `path` would be stored with, read from its end without
    /// hashing it: its size, and the offset just past its last newline (0 without one).
    ///
    /// No earlier import can hold a file's content unless it was stored with one of these sizes, so
    /// the importer hashes a file up front only when one was (``ImportSource/content(prior:db:)``).
    static func sizes(path: String) throws(TraceFileError) -> (size: Int, terminatedSize: Int) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError(path: path, operation: "open", errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw TraceFileError(path: path, operation: "read", errno: errno) }
        let size = max(Int(info.st_size), 0)
        var buffer = [UInt8](repeating: 0, count: min(size, 64 << 10))
        var end = size
        while end > 0 {
            let start = max(0, end - buffer.count)
            let want = end - start
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, want, off_t(start)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceFileError(path: path, operation: "read", errno: errno)
            }
            // The file shrank meanwhile: its sizes are not what fstat said; say so by finding no newline
            // past what could be read, which leaves the caller to hash it.
            guard count == want else { return (size, -1) }
            if let newline = buffer[0..<count].lastIndex(of: 0x0A) { return (size, start + newline + 1) }
            end = start
        }
        return (size, 0)
    }
}
