import Dispatch
import LifelineCore
import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) and SIGTERM into the end of `lifeline watch`'s input, so it prints the
/// pending findings and the summary instead of dying.
///
/// The signals are ignored by the process and observed by dispatch sources, so nothing runs in
/// signal context and there is no global state: the handler notes which signal came and writes a
/// byte to ``wakeDescriptor``, which the watch loop polls next to its input.
package final class WatchInterrupt: @unchecked Sendable {
    private let received = Locked<Int32?>(nil)
    private let sources: [any DispatchSourceSignal]
    private let wakePipe: (read: Int32, write: Int32)

    /// The descriptor that becomes readable when a signal arrives.
    package var wakeDescriptor: Int32 { wakePipe.read }

    /// The signal that ended the input (SIGINT or SIGTERM), nil while none has come.
    package var caughtSignal: Int32? { received.withLock { $0 } }

    /// Installs the handlers: from now on SIGINT and SIGTERM no longer end the process.
    package init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        wakePipe = (descriptors[0], descriptors[1])
        let queue = DispatchQueue(label: "lifeline.watch-interrupt")
        var sources: [any DispatchSourceSignal] = []
        let received = self.received
        let wake = wakePipe.write
        for number in [SIGINT, SIGTERM] {
            _ = signal(number, SIG_IGN)
            // A parent may have started us with the signal blocked (a test runner's thread, say).
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, number)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                received.withLock { if $0 == nil { $0 = number } }
                var byte: UInt8 = 3
                _ = write(wake, &byte, 1)
            }
            source.resume()
            sources.append(source)
        }
        self.sources = sources
    }

    deinit {
        for source in sources { source.cancel() }
        if wakePipe.read >= 0 { close(wakePipe.read) }
        if wakePipe.write >= 0 { close(wakePipe.write) }
    }
}
