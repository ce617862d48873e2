import CReadline
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines at a terminal with readline, GNU's or libedit's emulation of it (CReadline; the build
/// picks one): a prompt, line editing, history kept across sessions (``HistoryFile``), and tab
/// completion from a ``CompletionCatalog``.
///
/// Readline runs in its callback mode: the reader polls standard input,
/// ``InterruptSignal/wakeDescriptor`` and ``WindowResizeSignal/wakeDescriptor`` and feeds readline
/// a character at a time, so Ctrl-C (observed by ``InterruptSignal``, not by readline's own
/// signal handlers) clears the line and returns ``LineInput/interrupt``, and a resized window
/// lays the line out again. Between lines the terminal is back in its normal mode, so Ctrl-C
/// during a query reaches the shell as a signal.
///
/// Readline is one per process: create one reader at a time, on one thread.
package final class ReadlineLineReader: LineReader {
    package let isInteractive = true
    package let sourceName: String? = nil
    package private(set) var lineNumber = 0

    private let history: HistoryFile?
    private let interrupt: InterruptSignal
    private let resize = WindowResizeSignal()
    private let catalog: () -> CompletionCatalog
    private var lastHistoryEntry: String?

    /// - Parameters:
    ///   - historyPath: The history file (created 0600), nil for no history.
    ///   - historyLimit: Lines kept, in memory and in the file.
    ///   - catalog: What completion offers; asked before each prompt.
    package init(
        historyPath: String?, historyLimit: Int = 1000, interrupt: InterruptSignal,
        catalog: @escaping () -> CompletionCatalog
    ) {
        history = historyPath.map { HistoryFile(path: $0, limit: historyLimit) }
        self.interrupt = interrupt
        self.catalog = catalog
        interrupt.setInteractive()
        // The terminal's character set, from LANG or LC_*: libedit decodes what is typed with it and
        // drops every byte it cannot decode, so without this a UTF-8 terminal's 'é' vanished from the
        // line. GNU readline sets it itself when it starts; here it is set for both.
        setlocale(LC_CTYPE, "")
        lifeline_rl_set_readline_name(ReadlineBridge.name)
        lifeline_rl_set_catch_signals(0)
        lifeline_rl_set_catch_sigwinch(0)  // WindowResizeSignal's, as readline's handler is only there while it reads a key
        lifeline_rl_set_change_environment(0)
        lifeline_rl_set_completer_word_break_characters(ReadlineBridge.wordBreaks)
        lifeline_rl_set_attempted_completion_function { text, _, end in
            ReadlineBridge.complete(text: text, end: Int(end))
        }
        using_history()
        stifle_history(Int32(clamping: historyLimit))
        for line in history?.load() ?? [] { add_history(line) }
    }

    deinit {
        history?.trim()
    }

    /// `$LIFELINE_HISTORY`, else `~/.lifeline_history`.
    package static func defaultHistoryPath(environment: [String: String]) -> String? {
        if let path = environment["LIFELINE_HISTORY"] { return path.isEmpty ? nil : path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + ".lifeline_history"
    }

    package func readLine(prompt: String) -> LineInput {
        ReadlineBridge.catalog.withLock { $0 = catalog() }
        ReadlineBridge.delivered.withLock { $0 = nil }
        _ = interrupt.drainWakeUps()  // Ctrl-C pressed while a command ran is not for this prompt
        rl_callback_handler_install(prompt) { line in
            // Removed here, not after: a handler still installed when this returns makes readline
            // show the prompt again, under the output of the command.
            rl_callback_handler_remove()
            let input: LineInput
            if let line {
                input = .line(String(cString: line))
                free(line)
            } else {
                input = .end
            }
            ReadlineBridge.delivered.withLock { $0 = input }
        }
        while true {
            var descriptors = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interrupt.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: resize.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                rl_callback_handler_remove()
                return .end
            }
            if descriptors[1].revents != 0, interrupt.drainWakeUps() {
                // Ctrl-C: show it where the cursor is, forget the line, leave readline's state clean,
                // start over on a new line below the whole of the abandoned one.
                let below = rowsBelowCursor(prompt: prompt, echoed: 2)
                FileDescriptorSink.standardOutput.write(below > 0 ? "^C\u{1B}[\(below)B" : "^C")
                rl_free_line_state()
                lifeline_rl_callback_sigcleanup()
                rl_callback_handler_remove()
                FileDescriptorSink.standardOutput.write("\n")
                return .interrupt
            }
            if descriptors[2].revents != 0, resize.drainWakeUps() {
                lifeline_rl_resize_terminal()
            }
            if descriptors[0].revents != 0 {
                rl_callback_read_char()
                if let input = ReadlineBridge.delivered.withLock({ $0 }) {
                    return record(input)
                }
            }
        }
    }

    /// Rows of the line being edited below the cursor's, once `echoed` columns are drawn at the cursor
    /// (``LineLayout``); 0 when the terminal's width is unknown.
    private func rowsBelowCursor(prompt: String, echoed: Int) -> Int {
        guard let columns = TerminalSize.columns(of: STDOUT_FILENO, environment: [:]), let buffer = lifeline_rl_line_buffer()
        else { return 0 }
        let bytes = ReadlineBridge.bytes(buffer)
        guard let cursor = ReadlineBridge.byteOffset(Int(lifeline_rl_point()), in: bytes, lineEnd: Int(lifeline_rl_end())) else { return 0 }
        let layout = LineLayout(prompt: prompt, line: String(decoding: bytes, as: UTF8.self), columns: columns)
        return layout.rowsBelow(cursor: cursor, echoed: echoed)
    }

    private func record(_ input: LineInput) -> LineInput {
        guard case .line(let line) = input else {
            FileDescriptorSink.standardOutput.write("\n")
            return input
        }
        lineNumber += 1
        if !line.trimmingCharacters(in: .whitespaces).isEmpty && line != lastHistoryEntry {
            add_history(line)
            lastHistoryEntry = line
            history?.append(line)
        }
        return input
    }
}
