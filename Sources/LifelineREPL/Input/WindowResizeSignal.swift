import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells the line reader that the terminal's window changed size (SIGWINCH), so the line being
/// edited is laid out again for the new width.
///
/// In callback mode neither library sees the signal: GNU readline installs its handlers only while
/// `rl_callback_read_char` runs, and the reader spends its time in `poll`, where SIGWINCH was lost,
/// so a line typed after a resize wrapped at the old width and editing it scrambled the screen
/// until the shell exited; libedit installs none (``ReadlineLineReader`` turns its handlers off, as
/// they would take Ctrl-C from ``InterruptSignal``). So SIGWINCH is observed here, by a dispatch
/// source (the handler runs on a queue, not in signal context), and wakes the reader through a
/// pipe, as CPython's readline module does with a flag checked around its `select`.
final class WindowResizeSignal {
    private let source: any DispatchSourceSignal
    private let wakePipe = WakePipe()

    /// The descriptor that becomes readable when the window changes size.
    var wakeDescriptor: Int32 { wakePipe.readDescriptor }

    init() {
        source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: DispatchQueue(label: "lifeline.window-resize-signal"))
        let wakePipe = self.wakePipe
        source.setEventHandler { wakePipe.wake() }
        source.resume()
    }

    deinit {
        source.cancel()
    }

    /// Reads and discards pending wake-ups; true if the window changed size since the last call.
    func drainWakeUps() -> Bool {
        wakePipe.drain()
    }
}
