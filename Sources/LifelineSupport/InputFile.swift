#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What kind of file a path names, for commands that read a whole file a script or a user named.
///
/// `/dev/zero` never ends and a FIFO blocks until something writes to it:
/// read as a rules file, a script or a trace, either hangs the process (or
/// fills its memory). Commands that read what a script names refuse anything
/// but a regular file (following symbolic links), before opening it: opening
/// a FIFO for reading is itself what blocks.
package enum InputFile: Hashable, Sendable {
    case regular, directory, pipe, device, socket, other

    /// The kind of file at `path` (after symbolic links), or nil when there is none or it cannot be examined.
    package init?(path: String) {
        guard let kind = try? InputFile(examining: path) else { return nil }
        self = kind
    }

    /// The kind of file at `path` (after symbolic links); when there is none or it cannot be
    /// examined, throws why in `errno`'s words (no such file, a loop of symbolic links, a
    /// directory that cannot be searched).
    package init(examining path: String) throws(InputFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .system(errno: errno) }
        self.init(mode: info.st_mode)
    }

    /// The kind of file a `stat` mode names.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .pipe
        case S_IFCHR, S_IFBLK: self = .device
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// Why a command that reads a file refuses this kind, or nil for a regular file.
    package var refusal: String? {
        switch self {
        case .regular: nil
        case .directory: "it is a directory"
        case .pipe: "it is a pipe (FIFO), not a regular file"
        case .device: "it is a device, not a regular file"
        case .socket: "it is a socket, not a regular file"
        case .other: "it is not a regular file"
        }
    }

    /// Why `path` cannot be read as a file, or nil when it is a regular file (or does not exist,
    /// which the caller reports its own way).
    package static func refusal(_ path: String) -> String? {
        InputFile(path: path)?.refusal
    }
}
