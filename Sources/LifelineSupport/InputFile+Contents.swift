#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Reading a whole file

extension InputFile {
    /// The bytes of the regular file at `path` (after symbolic links), read whole with `read(2)`.
    ///
    /// For the small files commands read at once: rules files, scenario scripts,
    /// saved queries. Not Foundation's `Data(contentsOf:)`: swift-foundation
    /// (Swift 6.3.1) leaks 4 KB on every read of an empty file, which a fuzzer
    /// reading a million inputs, or a long-lived shell, pays for.
    ///
    /// Anything but a regular file is refused, as ``refusal(_:)`` explains. The
    /// file is opened non-blocking and its kind checked on the open descriptor,
    /// so a FIFO neither blocks `open` nor slips in between a check of the path
    /// and the open.
    ///
    /// ```swift
    /// let text = String(decoding: try InputFile.contents(of: "rules/app.rules"), as: UTF8.self)
    /// ```
    package static func contents(of path: String) throws(InputFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(errno: errno) }
        let kind = InputFile(mode: info.st_mode)
        guard kind == .regular else { throw .refused(kind) }
        // The size is a hint (the file may grow or shrink while it is read): the loop reads to the end,
        // doubling the buffer when it fills. One byte more than the size lets the read that finds the end
        // find room. A regular file's size is never more than it holds (a file in /proc says 0 or 4096),
        // so a large import is read into one buffer of its size, not copied through doublings into
        // twice its size.
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += repeatElement(0, count: bytes.count) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got > 0 {
                count += got
            } else if got == 0 {
                break
            } else if errno != EINTR {
                throw .system(errno: errno)
            }
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
