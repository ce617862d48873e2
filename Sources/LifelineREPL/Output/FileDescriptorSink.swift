#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor: standard output, standard error, or a file `.output` opened.
public final class FileDescriptorSink: OutputSink, Sendable {
    public let fileDescriptor: Int32
    public let isTerminal: Bool
    private let ownsDescriptor: Bool

    /// Writes to `fileDescriptor`, which the caller keeps open.
    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        isTerminal = isatty(fileDescriptor) != 0
        ownsDescriptor = false
    }

    /// Creates or truncates the file at `path` and writes to it until the sink is released.
    /// `name` (default: `path`) names it in errors.
    public init(creatingFileAt path: String, name: String? = nil) throws(ReplError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw ReplError.cannotOpen(path: name ?? path, reason: String(cString: strerror(errno)).lowercased())
        }
        fileDescriptor = descriptor
        isTerminal = false
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    public static let standardOutput = FileDescriptorSink(fileDescriptor: STDOUT_FILENO)
    public static let standardError = FileDescriptorSink(fileDescriptor: STDERR_FILENO)

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                #if canImport(Glibc)
                Glibc.write(fileDescriptor, raw.baseAddress! + done, raw.count - done)
                #else
                Darwin.write(fileDescriptor, raw.baseAddress! + done, raw.count - done)
                #endif
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            done += count
        }
    }
}
