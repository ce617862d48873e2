import Foundation
import Testing

@testable import LifelineREPL

@Suite("diagnostics coloured from their severity")
struct DiagnosticColourTests {
    /// A trace whose second line is not trace format (an error) and whose last line is cut off (a warning).
    static let trace = """
        {"lifeline":1,"type":"launch","launch":"L9","pid":10,"app":"com.example.Notes","platform":"iOS","os":"17.5","device":"iPhone15,2","lifecycle":"scene","started":"2026-11-21T10:00:00.000Z"}
        {"seq":"one","t":0,"event":"didFinishLaunching","phase":"instant","thread":"main"}
        {"seq":2,"t":5,"event":"didFinishLaunching","phase":"instant","thread":"main"}
        """

    func importTranscript(terminal: Bool, environment: [String: String] = [:]) throws -> String {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try Self.trace.write(toFile: fixture.path("extra/colour.ndjson"), atomically: true, encoding: .utf8)
        let output = TextSink(isTerminal: terminal)
        let errors = TextSink(isTerminal: terminal)
        let shell = try ReplShell(
            configuration: ReplConfiguration(
                databasePath: "lifeline.db", directory: fixture.directory.path, width: 150, environment: environment),
            output: output, errors: errors)
        shell.run(reader: StreamLineReader(text: ".import extra/colour.ndjson\n", name: "colour"))
        return errors.text
    }

    @Test("an import's errors and warnings get their own colour at a terminal")
    func colouredAtATerminal() throws {
        let text = try importTranscript(terminal: true)
        #expect(text.contains("extra/colour.ndjson:2:8: \u{1B}[1;31merror:\u{1B}[0m "))
        #expect(text.contains("extra/colour.ndjson:3:79: \u{1B}[1;33mwarning:\u{1B}[0m "))
    }

    @Test("NO_COLOR and files get the plain words", arguments: [(true, ["NO_COLOR": "1"]), (false, [:])])
    func plain(_ terminal: Bool, _ environment: [String: String]) throws {
        let text = try importTranscript(terminal: terminal, environment: environment)
        #expect(!text.contains("\u{1B}["))
        #expect(text.contains("extra/colour.ndjson:2:8: error: "))
        #expect(text.contains("extra/colour.ndjson:3:79: warning: "))
    }
}
