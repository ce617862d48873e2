import Foundation
import LifelineTestSupport
import Testing

/// `lifeline repl` at a real terminal: a tmux pane (a pseudo-terminal) driven with
/// `send-keys` and read with `capture-pane`. Checks the prompt, the continuation
/// prompt, tab completion, Ctrl-C at the prompt and during a query, Ctrl-D, and
/// history recalled with Up in a second session.
///
/// An integration test (``Integration``): skipped where tmux is missing, unless
/// `LIFELINE_INTEGRATION=require` (`.ci/run`, which installs it).
@Suite("lifeline repl (terminal)", .serialized, .enabled(if: Integration.has("tmux"), Comment(rawValue: Integration.wants("tmux"))))
struct ReplTerminalTests {
    /// One tmux server of our own (`-S`, a socket in the temporary directory), so the test never
    /// touches a user's sessions and leaves nothing behind.
    final class Terminal {
        let socket = NSTemporaryDirectory() + "lifeline-tmux-\(UUID().uuidString.prefix(8)).sock"

        let outputPath = NSTemporaryDirectory() + "lifeline-tmux-\(UUID().uuidString).txt"

        /// Runs a tmux client and returns what it printed.
        ///
        /// Spawned with `posix_spawn`, not `Process`: the client that starts the server must not
        /// leave it a pipe to hold open, and everything must start with no signals blocked (a test
        /// thread blocks them, and tmux and the shell under test would inherit that), so Ctrl-C
        /// reaches the shell as it would from a terminal.
        func tmux(_ arguments: [String]) throws -> String {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in [SIGINT, SIGHUP, SIGTERM, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let argv = (["tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
            guard spawned == 0 else { throw TerminalTestError(message: "cannot run tmux: error \(spawned)") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
            if status != 0 { throw TerminalTestError(message: "tmux \(arguments): \(text)") }
            return text
        }

        /// Starts `command` in a 150×40 pane of a new session, which stays on screen when the command ends.
        func start(_ session: String, _ command: String) throws {
            _ = try tmux([
                "new-session", "-d", "-s", session, "-x", "150", "-y", "40", command, ";",
                "set-option", "-t", session, "remain-on-exit", "on",
            ])
        }

        /// Types text literally (tmux reads a final ';' as a command separator unless escaped).
        func type(_ session: String, _ text: String) throws {
            _ = try tmux(["send-keys", "-t", session, "-l", text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text])
        }

        func keys(_ session: String, _ keys: String...) throws {
            _ = try tmux(["send-keys", "-t", session] + keys)
        }

        func screen(_ session: String) throws -> String {
            try tmux(["capture-pane", "-p", "-t", session])
        }

        /// Waits up to 60 s for the screen to satisfy `condition`; returns the screen.
        ///
        /// A guard against a hang, not a timing assertion: a debug build on a machine running several
        /// builds at once took more than 15 s to start the shell.
        @discardableResult
        func waitFor(_ session: String, _ what: String, _ condition: (String) -> Bool) throws -> String {
            let deadline = Date().addingTimeInterval(60)
            var last = ""
            while Date() < deadline {
                last = try screen(session)
                if condition(last) { return last }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw TerminalTestError(message: "timed out waiting for \(what); the screen:\n\(last)")
        }

        @discardableResult
        func waitFor(_ session: String, _ text: String) throws -> String {
            try waitFor(session, "'\(text)'") { $0.contains(text) }
        }

        /// Waits until the shell shows an empty prompt on its last line: it is reading a new line.
        ///
        /// Keys sent before that are typed ahead while the terminal is still in cooked mode: the
        /// terminal echoes them before the prompt, and a Ctrl-D there is the terminal's end of file,
        /// which libedit, unlike readline, never sees (both seen on a loaded CI machine). A person
        /// waits for the prompt; so does the test.
        @discardableResult
        func waitForPrompt(_ session: String, _ prompt: String = "lifeline>") throws -> String {
            try waitFor(session, "an empty '\(prompt)' on the last line") { screen in
                screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
                    .map { $0.trimmingCharacters(in: .whitespaces) == prompt.trimmingCharacters(in: .whitespaces) } ?? false
            }
        }

        func stop() {
            _ = try? tmux(["kill-server"])
            unlink(outputPath)
            unlink(socket)
        }
    }

    struct TerminalTestError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test("line editing: prompts, completion, Ctrl-C, Ctrl-D and history across sessions")
    func lineEditing() throws {
        let terminal = Terminal()
        defer { terminal.stop() }
        try #require((try? terminal.tmux(["-V"])) != nil, "tmux is required for this test: apt-get install tmux (.ci/run does)")

        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let history = directory.appendingPathComponent("history").path
        let command =
            "cd '\(directory.path)' && env LIFELINE_HISTORY='\(history)' NO_COLOR=1 TERM=xterm "
            + "'\(LifelineCommandTests.binary.path)' repl; echo \"EXITED $?\""

        // The banner and the prompt (capture-pane drops trailing spaces: "lifeline> " shows as "lifeline>").
        try terminal.start("one", command)
        try terminal.waitFor("one", "lifeline.db: 2 launches, 29 events.")
        try terminal.waitForPrompt("one")

        // Tab completes a dot-command, then a table name.
        try terminal.type("one", ".tab")
        try terminal.keys("one", "Tab")
        try terminal.waitFor("one", "lifeline> .tables")
        try terminal.keys("one", "Enter")
        try terminal.waitFor("one", "trace_file")
        try terminal.waitForPrompt("one")
        try terminal.type("one", "SELECT COUNT(*) AS n FROM launch_su")
        try terminal.keys("one", "Tab")
        try terminal.waitFor("one", "FROM launch_summary")
        try terminal.type("one", ";")
        try terminal.keys("one", "Enter")
        try terminal.waitFor("one", "│ 2 │")
        try terminal.waitForPrompt("one")

        // A statement over two lines: the continuation prompt.
        try terminal.type("one", "SELECT")
        try terminal.keys("one", "Enter")
        try terminal.waitForPrompt("one", "     ...>")
        try terminal.type("one", "41 + 1 AS answer;")
        try terminal.keys("one", "Enter")
        try terminal.waitFor("one", "│     42 │")
        try terminal.waitForPrompt("one")

        // Ctrl-C at the prompt clears the line: what follows is a statement of its own.
        try terminal.type("one", "SELECT 'half typed")
        try terminal.keys("one", "C-c")
        try terminal.waitFor("one", "SELECT 'half typed^C")
        try terminal.waitForPrompt("one")
        try terminal.type("one", "SELECT 'fresh line' AS after;")
        try terminal.keys("one", "Enter")
        try terminal.waitFor("one", "│ fresh line │")
        try terminal.waitForPrompt("one")

        // Ctrl-C during a query interrupts it and returns to the prompt.
        try terminal.type("one", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c;")
        try terminal.keys("one", "Enter")
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.keys("one", "C-c")
        try terminal.waitFor("one", "error: interrupted")
        try terminal.waitForPrompt("one")
        try terminal.type("one", "SELECT 'from session one' AS last;")
        try terminal.keys("one", "Enter")
        try terminal.waitFor("one", "│ from session one │")
        try terminal.waitForPrompt("one")

        // Ctrl-D quits.
        try terminal.keys("one", "C-d")
        try terminal.waitFor("one", "EXITED 0")

        // A second session recalls the first one's history with Up.
        try terminal.start("two", command)
        try terminal.waitForPrompt("two")
        try terminal.keys("two", "Up")
        try terminal.waitFor("two", "lifeline> SELECT 'from session one' AS last;")
        try terminal.keys("two", "Up", "Up")
        try terminal.waitFor("two", "lifeline> SELECT 'fresh line' AS after;")
        try terminal.keys("two", "Down", "Down", "Enter")
        try terminal.waitFor("two", "history recalled") { screen in
            screen.components(separatedBy: "│ from session one │").count == 2
        }
        try terminal.waitForPrompt("two")
        try terminal.type("two", ".quit")
        try terminal.keys("two", "Enter")
        try terminal.waitFor("two", "EXITED 0")

        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("SELECT 'from session one' AS last;\n"))
        #expect(!saved.contains("half typed"), "a line cleared with Ctrl-C is not history")
        let permissions = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    /// A locale whose character set is UTF-8, as a terminal's usually is (C.UTF-8 on Linux, en_US.UTF-8 on macOS).
    static var utf8Locale: String? {
        ["C.UTF-8", "en_US.UTF-8"].first { name in
            guard let locale = newlocale(LC_CTYPE_MASK, name, nil) else { return false }
            freelocale(locale)
            return true
        }
    }

    /// What libedit (`LIFELINE_LINE_EDITOR=libedit`, macOS's only line editor) did differently from GNU
    /// readline until the REPL handled it, so that both builds, which `.ci/run` tests alike, behave as one.
    @Test(
        "line editing alike with either library: non-ASCII text, completion after it and after a quote, a space after a completed word, a resized window"
    )
    func lineEditingAlikeWithEitherLibrary() throws {
        let terminal = Terminal()
        defer { terminal.stop() }
        try #require((try? terminal.tmux(["-V"])) != nil, "tmux is required for this test: apt-get install tmux (.ci/run does)")
        let locale = try #require(Self.utf8Locale, "a UTF-8 locale is required for this test")
        let directory = try ReplCommandTests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try terminal.start(
            "alike",
            "cd '\(directory.path)' && env LIFELINE_HISTORY= NO_COLOR=1 TERM=xterm LC_ALL=\(locale) "
                + "'\(LifelineCommandTests.binary.path)' repl; echo \"EXITED $?\"")
        try terminal.waitForPrompt("alike")

        // Completion after non-ASCII text: libedit counts the word's place in characters, not bytes.
        try terminal.type("alike", "SELECT 'é日本' AS word FROM launch_su")
        try terminal.keys("alike", "Tab")
        try terminal.waitFor("alike", "FROM launch_summary")
        // Completion right after a quote offers callback names: libedit leaves the quote out of the word.
        try terminal.type("alike", "WHERE word = '")
        try terminal.keys("alike", "Tab", "Tab")
        try terminal.waitFor("alike", "sceneDidBecomeActive(_:)")
        // Non-ASCII text typed at the prompt reaches SQLite: libedit drops what the C locale cannot decode.
        try terminal.type("alike", "none' OR 1 LIMIT 1;")
        try terminal.keys("alike", "Enter")
        try terminal.waitFor("alike", "│ é日本")
        try terminal.waitForPrompt("alike")

        // A word completed by its only match is followed by a space, with libedit too.
        try terminal.type("alike", ".sche")
        try terminal.keys("alike", "Tab")
        try terminal.type("alike", "event")
        try terminal.waitFor("alike", "lifeline> .schema event")
        try terminal.keys("alike", "C-c")
        try terminal.waitForPrompt("alike")

        // A resized window: the line being typed is drawn again for the new width, on a new screen line, so
        // editing it keeps the screen right (both libraries missed the signal while the shell waited for a key).
        let long = "SELECT '" + String(repeating: "a", count: 180) + "' AS long"
        try terminal.type("alike", long)
        try terminal.waitFor("alike", "a' AS long")
        _ = try terminal.tmux(["resize-window", "-t", "alike", "-x", "80"])
        try terminal.waitFor("alike", "the line drawn again after the resize") { screen in
            screen.components(separatedBy: "lifeline> SELECT 'aaaa").count == 3
        }
        try terminal.keys("alike", "Home")
        try terminal.type("alike", "Z")
        try terminal.waitFor("alike", "lifeline> ZSELECT 'aaaa")
        // Ctrl-C with the cursor rows above the line's end: the next prompt starts below the whole line, not over it.
        try terminal.keys("alike", "C-c")
        let abandoned = try terminal.waitForPrompt("alike")
        #expect(abandoned.contains("a' AS long\nlifeline>"), "\(abandoned)")
        try terminal.keys("alike", "C-d")
        try terminal.waitFor("alike", "EXITED 0")
    }

    @Test(
        "at a terminal nothing from a hostile database drives it: error messages, names, .print escaped; qbox tells NULL from 'NULL' and fits the width"
    )
    func hostileDatabase() throws {
        let terminal = Terminal()
        defer { terminal.stop() }
        try #require((try? terminal.tmux(["-V"])) != nil, "tmux is required for this test: apt-get install tmux (.ci/run does)")
        let directory = try ReplSqlite353Tests.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try terminal.start(
            "hostile",
            "cd '\(directory.path)' && env LIFELINE_HISTORY= NO_COLOR=1 TERM=xterm '\(LifelineCommandTests.binary.path)' repl hostile.db; "
                + "echo \"EXITED $?\"")
        _ = try terminal.tmux(["select-pane", "-t", "hostile", "-T", "calm"])
        try terminal.waitForPrompt("hostile")

        // A view whose error message would set the window title (sqlite3 3.53 prints it as it is).
        try terminal.type("hostile", "SELECT * FROM evil;")
        try terminal.keys("hostile", "Enter")
        try terminal.waitFor("hostile", "error: no such table: main.gone\\x1b]0;pwned\\x07")
        try terminal.waitForPrompt("hostile")
        // Names and values with escape sequences, and a script's .print.
        try terminal.type("hostile", ".tables")
        try terminal.keys("hostile", "Enter")
        try terminal.waitFor("hostile", "t^[]0;pwned^G")
        try terminal.waitForPrompt("hostile")
        try terminal.type("hostile", ".print \"\\033]0;pwned\\007\" done")
        try terminal.keys("hostile", "Enter")
        try terminal.waitFor("hostile", "^[]0;pwned^G done")
        try terminal.waitForPrompt("hostile")
        try terminal.type("hostile", ".mode list")
        try terminal.keys("hostile", "Enter")
        try terminal.waitForPrompt("hostile")
        try terminal.type("hostile", "SELECT char(27) || ']0;pwned' || char(7) || char(155) || 'x' AS v;")
        try terminal.keys("hostile", "Enter")
        try terminal.waitFor("hostile", "^[]0;pwned^G\\u{9b}x")
        try terminal.waitForPrompt("hostile")
        let title = try terminal.tmux(["display", "-p", "-t", "hostile", "#{pane_title}"])
        #expect(title.trimmingCharacters(in: .whitespacesAndNewlines) == "calm", "the window title changed: \(title)")

        // The terminal's default, qbox: NULL and the text 'NULL' differ; a long value is cut to the width, not a constant.
        try terminal.type("hostile", ".mode tty")
        try terminal.keys("hostile", "Enter")
        try terminal.waitForPrompt("hostile")
        try terminal.type("hostile", "SELECT NULL AS a, 'NULL' AS b, '\(String(repeating: "x", count: 200))' AS c;")
        try terminal.keys("hostile", "Enter")
        let screen = try terminal.waitFor("hostile", "│ NULL │ 'NULL' │ xxx")
        let row = try #require(screen.split(separator: "\n").first { $0.contains("│ NULL │") })
        #expect(row.count <= 150 && row.count > 140 && row.contains("…"), "\(row)")
        try terminal.waitForPrompt("hostile")
        try terminal.keys("hostile", "C-d")
        try terminal.waitFor("hostile", "EXITED 0")
    }
}
