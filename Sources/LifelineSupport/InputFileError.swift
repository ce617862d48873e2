#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ``InputFile/contents(of:)`` could not read a file.
///
/// The ``description`` is the reason alone, lowercase, for a caller to put after
/// its own `path: error: cannot read ...:` prefix.
package enum InputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names something other than a regular file (a directory, a FIFO, a device).
    case refused(InputFile)
    /// `open(2)`, `fstat(2)` or `read(2)` failed with this `errno`.
    case system(errno: Int32)

    package var description: String {
        switch self {
        case .refused(let kind): kind.refusal ?? "it is not a regular file"
        case .system(let code): String(cString: strerror(code)).lowercased()
        }
    }
}
