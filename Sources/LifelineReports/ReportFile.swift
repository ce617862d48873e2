import Foundation
import LifelineFormat
import LifelineSupport

/// Writes a report where `lifeline check -o PATH` says, without ever replacing what is not a file.
///
/// An atomic write goes to a temporary file and renames it over `path`: for
/// `-o /dev/full` or `-o /dev/stdout` that would replace the device node itself
/// (as root, it did) and report success. A regular file, or a new one, is
/// replaced atomically as before; a device or a FIFO is written in place, and
/// a write that fails (`/dev/full`: no space left on device) is an error.
package enum ReportFile {
    package static func write(_ text: String, to path: String) throws(ReportFileError) {
        func failure(_ reason: String, _ code: ReportFileError.Code = .cannotWrite) -> ReportFileError {
            ReportFileError(code, path: path, reason: reason)
        }
        switch InputFile(path: path) {
        case nil, .regular?:
            do {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw failure(error.localizedDescription)
            }
        case .directory?:
            throw failure("it is a directory", .isDirectory)
        case .pipe?, .device?, .socket?, .other?:
            // Non-blocking open: a FIFO nothing reads fails at once instead of hanging.
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            guard descriptor >= 0 else {
                throw errno == ENXIO ? failure("it is a pipe (FIFO) that nothing is reading", .unreadPipe) : failure(Self.reason(errno))
            }
            defer { close(descriptor) }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw failure(count < 0 ? Self.reason(errno) : "nothing was written") }
                bytes = bytes.dropFirst(count)
            }
        }
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
