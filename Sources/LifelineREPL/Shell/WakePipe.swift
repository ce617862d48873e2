#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose read end becomes readable when a signal arrives, so the line reader, blocked in
/// `poll` on standard input, wakes up for it (Ctrl-C at a prompt, a resized terminal).
///
/// The signal's handler runs on a dispatch queue and calls ``wake()``; the reader polls
/// ``readDescriptor`` and calls ``drain()``. Both ends are non-blocking, so a handler never waits
/// on a full pipe (the bytes already in it wake the reader just as well), and closed on `exec`.
final class WakePipe: Sendable {
    /// The end to poll.
    let readDescriptor: Int32
    private let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        (readDescriptor, writeDescriptor) = (descriptors[0], descriptors[1])
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Makes ``readDescriptor`` readable. Safe from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Reads and discards pending wake-ups; true if there was one.
    func drain() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 16)
        var woke = false
        while bytes.withUnsafeMutableBytes({ read(readDescriptor, $0.baseAddress!, $0.count) }) > 0 { woke = true }
        return woke
    }
}
