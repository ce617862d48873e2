#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Deciding a file's shape

extension TraceShape {
    /// How much of a file ``detect(atPath:)`` reads: enough for a `log stream` header line and a
    /// unified-log entry with a long backtrace before the keys that tell it apart.
    public static let detectionPrefix = 64 << 10

    /// The shape the first 64 KiB of the file at `path` show (``detect(_:)``), except that a file
    /// named as a trace (`*.ndjson`, `*.jsonl`) whose content is not JSON is a Lifeline trace: its
    /// lines are then reported as records that do not parse, located, rather than as console text
    /// that names no callback.
    ///
    /// ```swift
    /// try TraceShape.detect(atPath: "device.log")   // .text
    /// ```
    public static func detect(atPath path: String) throws(TraceFileError) -> TraceShape {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError(path: path, operation: "open", errno: errno) }
        defer { close(descriptor) }
        var prefix = [UInt8](repeating: 0, count: detectionPrefix)
        var filled = 0
        while filled < prefix.count {
            let count = prefix.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw TraceFileError(path: path, operation: "read", errno: errno) }
            if count == 0 { break }
            filled += count
        }
        let shape = detect(Array(prefix[0..<filled]))
        return shape == .text && (path.hasSuffix(".ndjson") || path.hasSuffix(".jsonl")) ? .native : shape
    }
}
