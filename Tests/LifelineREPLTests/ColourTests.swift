import Testing

@testable import LifelineREPL

@Suite("colour")
struct ColourTests {
    @Test(
        "a terminal gets colour unless NO_COLOR is set; files and pipes never do",
        arguments: [
            (true, [:] as [String: String], true),
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": ""], true),
            (false, [:], false),
        ])
    func colour(_ terminal: Bool, _ environment: [String: String], _ coloured: Bool) throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let sink = TextSink(isTerminal: terminal)
        let shell = try ReplShell(
            configuration: ReplConfiguration(
                databasePath: "lifeline.db", directory: fixture.directory.path, width: 150,
                environment: environment),
            output: sink, errors: sink)
        shell.run(
            reader: StreamLineReader(
                text: "SELECT NULL AS n;\n.timeline 2\nSELECT x;\n.load more-rules/broken.rules\n",
                name: "colour"))
        #expect(sink.text.contains("\u{1B}[") == coloured)
        if coloured {
            #expect(sink.text.contains("\u{1B}[32mforegroundActive"))
            #expect(sink.text.contains("\u{1B}[1;31merror:\u{1B}[0m no such column: x"))
            #expect(sink.text.contains("more-rules/broken.rules:4:50: \u{1B}[1;31merror:\u{1B}[0m expected 'precedes'"))
        }
    }
}
