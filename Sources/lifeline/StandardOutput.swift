import Foundation
import LifelineCore
import LifelineFormat

/// Standard output for the subcommands: written straight to the file descriptor, with the
/// first failure remembered so the process can fail instead of losing its output.
///
/// `Swift.print` buffers in C stdio and drops a failed write without a word:
/// `lifeline check ... > /dev/full`, or a full disk behind a redirect, would
/// exit 0 with no report anywhere. Every `print` in this module resolves to
/// ``print(_:terminator:)`` below, which writes here; ``finish()`` runs as the
/// process ends and turns a lost write into status 2, the contract's status for
/// an input or output that cannot be read or written (docs/rules.md, exit status).
final class StandardOutput: @unchecked Sendable {
    static let shared = StandardOutput()

    /// `errno` of the first failed write; held while writing, so lines from two threads never interleave.
    private let failure = Locked<Int32?>(nil)

    func write(_ text: String) {
        failure.withLock { failure in
            guard failure == nil else { return }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : EIO
                    return
                }
                bytes = bytes.dropFirst(count)
            }
        }
    }

    /// Exits with status 2 after saying why, if a write failed.
    func finish() {
        guard let failure = failure.withLock({ $0 }) else { return }
        printError("error: cannot write to standard output: \(String(cString: strerror(failure)).lowercased())")
        exit(2)
    }
}

/// Writes `text` to standard output through ``StandardOutput`` (this module's `print`; see there why).
func print(_ text: String, terminator: String = "\n") {
    StandardOutput.shared.write(text + terminator)
}
