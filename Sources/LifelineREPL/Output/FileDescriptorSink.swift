import LifelineCore
import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a file descriptor: standard output, standard error, or a file `.output` opened.
package final class FileDescriptorSink: OutputSink, Sendable {
    package let fileDescriptor: Int32
    package let isTerminal: Bool
    /// How errors name it: the path `.output` was given, or "standard output".
    package let name: String
    private let ownsDescriptor: Bool
    /// The first failed write's `strerror` text since ``takeWriteFailure()`` last asked.
    private let failure = Locked<String?>(nil)

    /// Writes to `fileDescriptor`, which the caller keeps open.
    package init(fileDescriptor: Int32, name: String? = nil) {
        self.fileDescriptor = fileDescriptor
        self.name = name ?? "file descriptor \(fileDescriptor)"
        isTerminal = isatty(fileDescriptor) != 0
        ownsDescriptor = false
    }

    /// Creates or truncates the file at `path` and writes to it until the sink is released.
    /// `name` (default: `path`) names it in errors.
    ///
    /// Devices and pipes are fine (`/dev/stdout`, `/dev/null`, a FIFO a reader has open), but opening
    /// a FIFO nobody reads would block the shell forever: it is opened non-blocking, which fails
    /// at once instead, and made blocking again for the writes.
    package init(creatingFileAt path: String, name: String? = nil) throws(ReplError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "it is a pipe (FIFO) that nothing is reading" : String(cString: strerror(errno)).lowercased()
            throw ReplError.cannotOpen(path: name ?? path, reason: reason)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        fileDescriptor = descriptor
        self.name = name ?? path
        isTerminal = false
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    package static let standardOutput = FileDescriptorSink(fileDescriptor: STDOUT_FILENO, name: "standard output")
    package static let standardError = FileDescriptorSink(fileDescriptor: STDERR_FILENO, name: "standard error")

    package func takeWriteFailure() -> String? {
        failure.withLock { failure in
            defer { failure = nil }
            return failure
        }
    }

    package func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    package func write(bytes: [UInt8]) {
        var bytes = bytes
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
            if count <= 0 {
                let reason = count < 0 ? String(cString: strerror(errno)).lowercased() : "nothing was written"
                failure.withLock { failure in failure = failure ?? reason }
                return
            }
            done += count
        }
    }
}
