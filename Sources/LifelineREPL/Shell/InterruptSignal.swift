import Dispatch
import LifelineCore
import LifelineFormat
import LifelineStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into an interrupted query or a cleared prompt, never a dead shell.
///
/// SIGINT is ignored by the process and observed by a dispatch source, so the
/// handler runs on a queue, not in signal context. While a query runs
/// (``whileRunning(on:_:)``: a query, `.import` or `.check`) it calls
/// `sqlite3_interrupt` on that connection (``StoreInterrupt``), which is safe
/// from any thread; the statement fails with "interrupted", an import rolls back
/// the file it was importing, and the shell returns to the prompt. Otherwise, at a terminal,
/// it writes a byte to ``wakeDescriptor``, which ``ReadlineLineReader`` polls
/// next to standard input (and drains before each prompt). When no person is
/// typing (a script on standard input), Ctrl-C between queries ends the process
/// with status 130, as the sqlite3 shell does.
package final class InterruptSignal {
    private struct State: Sendable {
        /// What interrupts the query, import or check under way.
        var running: StoreInterrupt?
        /// Ctrl-C arrived while `running` ran.
        var fired = false
        /// A person is at the terminal: Ctrl-C never ends the shell.
        var interactive = false
    }

    private let state = Locked(State())
    private let source: any DispatchSourceSignal
    private let wakePipe = WakePipe()

    /// The descriptor that becomes readable when Ctrl-C is pressed at a prompt.
    package var wakeDescriptor: Int32 { wakePipe.readDescriptor }

    /// Installs the handler: from now on SIGINT no longer ends the process.
    package init() {
        signal(SIGINT, SIG_IGN)
        // A parent may have started us with SIGINT blocked (a test runner's thread, say); Ctrl-C must arrive.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        // A queue of its own: a serial queue gets a thread even when every worker of the global
        // pool is busy (a check or import running on one of them), so Ctrl-C is never starved.
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "lifeline.interrupt-signal"))
        let state = self.state
        let wakePipe = self.wakePipe
        source.setEventHandler { Self.handle(state: state, wake: wakePipe) }
        source.resume()
    }

    /// What Ctrl-C does: interrupt the work under way, else wake the prompt, else (a script) exit.
    private static func handle(state: Locked<State>, wake: WakePipe) {
        let action = state.withLock { state -> (StoreInterrupt?, Bool) in
            if state.running != nil { state.fired = true }
            return (state.running, state.interactive)
        }
        if let running = action.0 {
            running.interrupt()
        } else if action.1 {
            wake.wake()
        } else {
            _exit(130)
        }
    }

    /// Acts as if Ctrl-C was pressed (for tests: a signal sent to a test runner lands on any of its threads).
    func simulateCtrlC() {
        Self.handle(state: state, wake: wakePipe)
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    /// Runs `body` (a query, an import or a check on the database `interrupt` stops) so that
    /// Ctrl-C interrupts it: the statement under way fails and its transaction rolls back.
    ///
    /// Whatever error the interrupted work reports (a check wraps the store's in its own), it
    /// comes out as a ``StoreError`` of code ``StoreError/Code/interrupted``, so every
    /// interrupted command reads the same and the shell knows it by its code.
    func whileRunning<T>(on interrupt: StoreInterrupt, _ body: () throws -> T) throws -> T {
        state.withLock {
            $0.running = interrupt; $0.fired = false
        }
        defer { state.withLock { $0.running = nil } }
        do {
            return try body()
        } catch {
            guard state.withLock({ $0.fired }) else { throw error }
            throw interrupt.error
        }
    }

    /// A check for work that cannot be interrupted inside SQLite (an import parses between its
    /// statements, where `sqlite3_interrupt` has nothing to stop): true once Ctrl-C was pressed
    /// during the current ``whileRunning(on:_:)``.
    var cancellation: @Sendable () -> Bool {
        let state = self.state
        return { state.withLock { $0.running != nil && $0.fired } }
    }

    /// Marks the session as typed by a person: Ctrl-C outside a query then wakes the line reader.
    func setInteractive() {
        state.withLock { $0.interactive = true }
    }

    /// Reads and discards pending wake-ups; true if there was one.
    func drainWakeUps() -> Bool {
        wakePipe.drain()
    }
}
