import LifelineFormat
import Testing

@Suite("Unified log import")
struct UnifiedLogDecoderTests {
    /// An entry with `fields` first: a key given there wins over the defaults after it (the first of a repeated key counts).
    static func entry(_ fields: String) -> String {
        "{" + fields
            + #","eventType":"logEvent","processID":7,"threadID":255,"processImagePath":"\/x\/Notes.app\/Notes","subsystem":"s","category":"c","timestamp":"2026-11-21 10:00:00.000001+0000"}"#
    }

    @Test func signpostsAreSpansAndLogLinesInstants() throws {
        let text = [
            Self.entry(
                #""eventType":"signpostEvent","signpostName":"didFinishLaunching","signpostType":"begin","signpostID":11,"eventMessage":"""#
            ),
            Self.entry(#""eventMessage":"SceneDelegate - sceneDidBecomeActive(_:) <UIScene: 0xabc>""#),
            Self.entry(
                #""eventType":"signpostEvent","signpostName":"didFinishLaunching","signpostType":"end","signpostID":11,"eventMessage":"""#),
        ].joined(separator: "\n")
        let decoded = UnifiedLogDecoder.decode(Array(text.utf8))
        let events = try #require(decoded.launches.first?.events)
        #expect(events.map(\.phase) == [.begin, .instant, .end])
        #expect(events.map(\.event.callback) == [.didFinishLaunching, .sceneDidBecomeActive, .didFinishLaunching])
        #expect(events[0].attrs == ["signpostID": "11"])
        #expect(events[1].scene == "0xabc")
        #expect(events[1].thread == "0xff")
        #expect(decoded.launches.first?.record.app == "Notes")
        #expect(decoded.launches.first?.record.pid == 7)
    }

    /// The lines the reader splits are the lines every other shape counts: a last line without its newline,
    /// empty lines, a byte order mark alone, nothing at all.
    @Test(arguments: [
        "", "\n", "\n\n", "\u{FEFF}", "\u{FEFF}\n", "x", "x\n", "x\ny", "\n\nx\n", "{}\n{}", "{}\r\n{}\r\n\n",
    ])
    func theLineCountIsTheFilesLineCount(_ text: String) {
        let bytes = Array(text.utf8)
        let expected = bytes.filter { $0 == 0x0A }.count + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
        #expect(UnifiedLogDecoder.decode(bytes).lineCount == expected)
        let entries = Array((Self.entry(#""eventMessage":"sceneDidBecomeActive(_:)""#) + "\n" + text).utf8)
        #expect(UnifiedLogDecoder.decode(entries).lineCount == 1 + expected)
    }

    @Test func aMachTimestampStandsInWhenThereIsNoTimestamp() throws {
        let text = #"{"eventType":"logEvent","processID":7,"machTimestamp":123456789,"eventMessage":"sceneDidBecomeActive(_:)"}"#
        let decoded = UnifiedLogDecoder.decode(Array(text.utf8))
        #expect(decoded.launches.first?.events.first?.t == 123_456_789)
        #expect(decoded.launches.first?.record.started == nil)
    }

    @Test func aLineThatIsNotJSONIsALocatedWarningAndTheRestImports() throws {
        let text =
            "Filtering the log data using \"x\"\n" + Self.entry(#""eventMessage":"sceneDidBecomeActive(_:)""#) + "\n{\"eventType\":\n"
        let decoded = UnifiedLogDecoder.decode(Array(text.utf8))
        #expect(decoded.launches.first?.events.count == 1)
        #expect(decoded.malformed == 1)
        #expect(decoded.diagnostics.first?.line == 3)
        #expect(decoded.ignored == 1)
    }

    @Test func filtersKeepOnlyTheNamedSubsystemsAndCategories() {
        let text = [
            Self.entry(#""eventMessage":"sceneDidBecomeActive(_:)""#),
            Self.entry(#""eventMessage":"sceneWillResignActive(_:)","subsystem":"other""#),
        ].joined(separator: "\n")
        let options = InterchangeOptions(subsystems: ["s"])
        #expect(UnifiedLogDecoder.decode(Array(text.utf8), options: options).launches.first?.events.count == 1)
    }
}
