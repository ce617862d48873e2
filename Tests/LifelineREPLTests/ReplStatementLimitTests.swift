import Foundation
import Testing

@testable import LifelineREPL

/// Lines typed at a prompt: what a person at a terminal sends the shell.
final class TypedLines: LineReader {
    private var lines: [String]
    private(set) var lineNumber = 0
    var isInteractive: Bool { true }
    var sourceName: String? { nil }

    init(_ lines: [String]) { self.lines = lines }

    func readLine(prompt: String) -> LineInput {
        guard !lines.isEmpty else { return .end }
        lineNumber += 1
        return .line(lines.removeFirst())
    }
}

@Suite("the statement time limit in the shell")
struct ReplStatementLimitTests {
    static let runaway = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;"

    @Test("a limit set at the prompt stops a typed runaway query, unlocated as every error at a terminal; the shell goes on")
    func typed() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let sink = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path),
            output: sink, errors: sink)
        let status = shell.run(
            reader: TypedLines([".limit statement-time 0.1", Self.runaway, ".mode list --titles on", "SELECT 'alive' AS state;"]))
        #expect(status == 0)
        #expect(
            sink.text == """
                error: statement stopped after 0.1 s, the statement time limit; raise or lift it with \
                '.limit statement-time SECONDS|off' or 'lifeline repl --statement-time SECONDS|off'
                state
                alive

                """)
    }

    @Test("the configuration's limit applies from the start, and the script's error is located")
    func configured() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let sink = TextSink()
        var configuration = ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path)
        configuration.statementTimeLimit = .seconds(0.1)
        let shell = try ReplShell(configuration: configuration, output: sink, errors: sink)
        let status = shell.run(reader: StreamLineReader(text: ".limit\nSELECT 1;\n\n" + Self.runaway + "\n", name: "s.sql"))
        #expect(status == 1)
        #expect(sink.text.hasPrefix("statement-time  0.1 s\n"))
        #expect(
            sink.text.hasSuffix(
                "s.sql:4:1: error: statement stopped after 0.1 s, the statement time limit; raise or lift it with "
                    + "'.limit statement-time SECONDS|off' or 'lifeline repl --statement-time SECONDS|off'\n"))
    }
}
