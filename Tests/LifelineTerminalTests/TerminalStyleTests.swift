import LifelineTerminal
import Testing

@Suite("colour and NO_COLOR")
struct TerminalStyleTests {
    @Test(
        "a terminal gets colour unless NO_COLOR is set to something; files and pipes never do",
        arguments: [
            (true, [:] as [String: String], true),
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": ""], true),
            (false, [:], false),
            (false, ["NO_COLOR": "1"], false),
        ])
    func noColor(_ terminal: Bool, _ environment: [String: String], _ enabled: Bool) {
        #expect(TerminalStyle.for(terminal: terminal, environment: environment).isEnabled == enabled)
    }

    @Test("a file descriptor that is not a terminal gets no colour")
    func pipeIsNotATerminal() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        #expect(!TerminalStyle.for(fileDescriptor: descriptors[1], environment: [:]).isEnabled)
    }

    @Test("colour wraps text in SGR codes and leaves empty text alone")
    func wrapping() {
        let style = TerminalStyle(isEnabled: true)
        #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(style.red("") == "")
        #expect(TerminalStyle.plain.green("x") == "x")
        #expect(style.label(.error) == "\u{1B}[1;31merror:\u{1B}[0m")
        #expect(TerminalStyle.plain.label(.warning) == "warning:")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
