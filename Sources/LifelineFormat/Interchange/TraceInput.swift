import LifelineSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file about to be imported or checked, read once: its shape and, when it is not a Lifeline
/// trace, its whole content, which the caller then hashes and decodes.
///
/// A Lifeline trace is streamed line by line by its reader, so only the first 64 KiB are read here
/// (to tell its shape). Any other shape is decoded whole (a decoder's launches and spans cross
/// lines): the bytes read to detect it are the start of the content, and the rest is read after
/// them into the same buffer, instead of detecting from one read and hashing and decoding from
/// two more.
///
/// ```swift
/// let input = try TraceInput(path: "device.log")
/// if let contents = input.contents { _ = DecodedTrace.decode(contents, shape: input.shape) }
/// ```
public struct TraceInput: Sendable {
    /// What the file is read as: the shape asked for, or the one its first 64 KiB show (``TraceShape/detect(atPath:)``).
    public let shape: TraceShape
    /// The whole file, for a shape other than ``TraceShape/native``; nil for a Lifeline trace.
    public let contents: [UInt8]?

    /// Reads the file at `path`: its first 64 KiB when `shape` is nil (to detect the shape), and all
    /// of it when the shape is not ``TraceShape/native``. With `shape` ``TraceShape/native`` nothing is read.
    ///
    /// The content is read as ``InputFile/contents(of:)`` reads it: anything but a regular file is
    /// refused, and the buffer is sized from `fstat`.
    public init(path: String, shape asked: TraceShape? = nil) throws(TraceFileError) {
        if asked == .native {
            shape = .native
            contents = nil
            return
        }
        // Looked at before it is opened: opening a FIFO for reading blocks until something writes to it.
        let kind: InputFile
        do throws(InputFileError) {
            kind = try InputFile(examining: path)
        } catch {
            switch error {
            case .system(let code): throw TraceFileError(path: path, operation: "open", errno: code)
            case .refused(let refused): throw TraceFileError(path: path, operation: "read", errno: 0, reason: refused.refusal)
            }
        }
        guard kind == .regular else {
            throw TraceFileError(path: path, operation: "read", errno: 0, reason: kind.refusal)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TraceFileError(path: path, operation: "open", errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw TraceFileError(path: path, operation: "read", errno: errno) }
        let statedSize = max(Int(info.st_size), 0)
        var bytes: [UInt8]
        var count = 0
        let detected: TraceShape
        if let asked {
            detected = asked
            bytes = []
        } else {
            bytes = [UInt8](repeating: 0, count: TraceShape.detectionPrefix)
            count = try Self.readBytes(descriptor, into: &bytes, from: 0, path: path, fillOnly: true)
            let shape = TraceShape.detect(Array(bytes[0..<count]))
            detected = shape == .text && (path.hasSuffix(".ndjson") || path.hasSuffix(".jsonl")) ? .native : shape
        }
        shape = detected
        guard detected != .native else {
            contents = nil
            return
        }
        // The size is a hint, as in ``InputFile/contents(of:)``: one byte more lets the read that finds the end find room.
        if bytes.count < statedSize + 1 { bytes += repeatElement(0, count: statedSize + 1 - bytes.count) }
        count = try Self.readBytes(descriptor, into: &bytes, from: count, path: path, fillOnly: false)
        bytes.removeSubrange(count...)
        contents = bytes
    }

    /// Reads from `descriptor` into `bytes` after its first `count` bytes: until the buffer is full
    /// (`fillOnly`) or until the end of the file, doubling the buffer when it fills. Returns the bytes held.
    private static func readBytes(
        _ descriptor: Int32, into bytes: inout [UInt8], from count: Int, path: String, fillOnly: Bool
    ) throws(TraceFileError) -> Int {
        var count = count
        while true {
            if count == bytes.count {
                if fillOnly { return count }
                bytes += repeatElement(0, count: max(bytes.count, 1))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got > 0 {
                count += got
            } else if got == 0 {
                return count
            } else if errno != EINTR {
                throw TraceFileError(path: path, operation: "read", errno: errno)
            }
        }
    }
}
