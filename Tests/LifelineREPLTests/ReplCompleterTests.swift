import Foundation
import Testing

@testable import LifelineREPL

@Suite("tab completion")
struct ReplCompleterTests {
    static func catalog() -> CompletionCatalog {
        var catalog = CompletionCatalog()
        for command in ReplCommandRegistry.standard.commands {
            catalog.commands[command.name] = command.completion
            for alias in command.aliases { catalog.commands[alias] = command.completion }
        }
        catalog.tables = ["event", "launch", "launch_summary", "span", "timeline", "trace_file"]
        catalog.columns = ["event", "launch_id", "phase", "seq", "session", "state"]
        catalog.callbacks = ["sceneDidBecomeActive(_:)", "scene(_:willConnectTo:options:)", "sceneDidDisconnect(_:)"]
        catalog.queries = ["slow-callbacks", "unfinished"]
        catalog.launches = ["1", "2", "12"]
        catalog.sessions = ["S1", "S2"]
        return catalog
    }

    @Test(
        "dot-commands, their fixed arguments, tables, launches, sessions and saved queries",
        arguments: [
            ("", ".tab", [".tables"]),
            ("", ".ti", [".timeline", ".timer"]),
            ("", ".q", [".queries", ".query", ".quit"]),
            (".mode ", "j", ["json"]),
            (".headers ", "o", ["on", "off"]),
            (".schema ", "launch", ["launch", "launch_summary"]),
            (".timeline ", "1", ["1", "12"]),
            (".timeline 1 ", "S", ["S1", "S2"]),
            (".sessions ", "2", ["2"]),
            (".query ", "sl", ["slow-callbacks"]),
            (".help ", "tim", ["timeline", "timer"]),
            ("", ".ex", [".exit", ".explain"]),
            ("", ".ch", [".changes", ".check"]),
            (".quit ", "x", []),
            (".nosuch ", "x", []),
        ])
    func commands(_ before: String, _ word: String, _ expected: [String]) {
        #expect(ReplCompleter.complete(before: before, word: word, Self.catalog()) == expected)
    }

    @Test(
        "SQL: tables and columns inside expressions, callback names inside strings",
        arguments: [
            ("SELECT * FROM ", "launch_s", ["launch_summary"]),
            ("SELECT ", "count(ses", ["count(session"]),
            ("SELECT ", "launch_i", ["launch_id"]),
            ("SELECT * FROM event WHERE event = ", "'sceneDid", ["'sceneDidBecomeActive(_:)", "'sceneDidDisconnect(_:)"]),
            ("SELECT * FROM event WHERE event = ", "'scene(_:w", ["'scene(_:willConnectTo:options:)"]),
            ("", "SEL", ["SELECT"]),
            ("", "sel", ["select"]),
        ])
    func sql(_ before: String, _ word: String, _ expected: [String]) {
        #expect(ReplCompleter.complete(before: before, word: word, Self.catalog()) == expected)
    }

    @Test("paths after .read, .import, .once and .output, directories with a slash")
    func paths() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("traces"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("traces/a.ndjson"))
        try Data().write(to: directory.appendingPathComponent("session.sql"))
        var catalog = Self.catalog()
        catalog.directory = directory.path
        #expect(ReplCompleter.complete(before: ".import ", word: "tr", catalog) == ["traces/"])
        #expect(ReplCompleter.complete(before: ".import ", word: "traces/", catalog) == ["traces/a.ndjson"])
        #expect(ReplCompleter.complete(before: ".read ", word: "se", catalog) == ["session.sql"])
        #expect(ReplCompleter.complete(before: ".output ", word: "nothing", catalog) == [])
    }

    @Test(".check completes rule ids, catalogs and paths, for every argument; .load completes paths")
    func ruleIDs() throws {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-complete-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("rules"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data().write(to: directory.appendingPathComponent("rules/app.rules"))
        var catalog = Self.catalog()
        catalog.directory = directory.path
        catalog.ruleIDs = ["launch.order", "scene.connect-first"]
        #expect(ReplCompleter.complete(before: ".check ", word: "scene.", catalog) == ["scene.connect-first"])
        #expect(ReplCompleter.complete(before: ".check launch.order ", word: "la", catalog) == ["launch.order"])
        #expect(ReplCompleter.complete(before: ".check ", word: "uikit-", catalog) == ["uikit-scene", "uikit-app"])
        #expect(ReplCompleter.complete(before: ".check uikit-app ", word: "rul", catalog) == ["rules/"])
        #expect(ReplCompleter.complete(before: ".load ", word: "rules/", catalog) == ["rules/app.rules"])
        #expect(ReplCompleter.complete(before: ".load ", word: "scene.", catalog) == [])
    }

    /// GNU readline (and macOS's libedit) count a completion's offsets in bytes, newer libedit in characters;
    /// `rl_end`, the line's length in the same unit, tells which.
    @Test("the cursor's byte offset from the line editor's offset, counted in bytes or in characters")
    func cursorInBytesOrCharacters() {
        let line = Array("SELECT 'é日本' FROM la".utf8)  // 20 characters, 25 bytes
        #expect(ReadlineBridge.byteOffset(25, in: line, lineEnd: 25) == 25)  // bytes, at the end
        #expect(ReadlineBridge.byteOffset(20, in: line, lineEnd: 20) == 25)  // characters, at the end
        #expect(ReadlineBridge.byteOffset(9, in: line, lineEnd: 20) == 10)  // after 'é
        #expect(ReadlineBridge.byteOffset(9, in: line, lineEnd: 25) == 9)
        #expect(ReadlineBridge.byteOffset(21, in: line, lineEnd: 20) == nil)
        #expect(ReadlineBridge.byteOffset(-1, in: line, lineEnd: 25) == nil)
        let ascii = Array("SELECT la".utf8)
        #expect(ReadlineBridge.byteOffset(9, in: ascii, lineEnd: 9) == 9)
    }
}
