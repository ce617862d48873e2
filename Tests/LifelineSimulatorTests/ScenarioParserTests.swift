import LifelineFormat
import Testing

@testable import LifelineSimulator

@Suite("Scenario parser")
struct ScenarioParserTests {
    static let commands: [(String, ScenarioCommand)] = [
        ("app scene", .app(.scene)),
        ("app legacy", .app(.app)),
        ("device iPad13,4", .device("iPad13,4")),
        ("os 18.2", .os("18.2")),
        ("launch cold", .launch(.cold)),
        ("launch restored", .launch(.restored)),
        ("launch background", .launch(.background(.push, connectsScene: false))),
        ("launch background fetch", .launch(.background(.fetch, connectsScene: false))),
        ("launch background connect fetch", .launch(.background(.fetch, connectsScene: true))),
        ("launch prewarm", .launch(.prewarm(split: false))),
        ("launch prewarm split", .launch(.prewarm(split: true))),
        ("open", .open),
        ("return", .open),
        ("home", .home),
        ("interrupt", .interrupt(nanoseconds: 2_000_000_000)),
        ("interrupt 500ms", .interrupt(nanoseconds: 500_000_000)),
        ("wait 1.5s", .wait(nanoseconds: 1_500_000_000)),
        ("wait 10min", .wait(nanoseconds: 600_000_000_000)),
        ("wait 2h", .wait(nanoseconds: 7_200_000_000_000)),
        ("open-window S2", .openWindow("S2")),
        ("hide S1", .hide("S1")),
        ("close-window S12", .closeWindow("S12")),
        ("memory-pressure", .memoryPressure),
        ("swipe-kill", .swipeKill(.init())),
        ("swipe-kill keep-session S3 fast", .swipeKill(.init(scene: "S3", fast: true, keepsSession: true))),
        ("terminate", .terminate),
        ("kill", .kill),
        ("fault ui-in-didfinish", .fault(.uiInDidFinish)),
        ("fault wrong-order", .fault(.wrongOrder)),
        ("fault late-save", .fault(.lateSave)),
        ("fault block-background", .fault(.blockBackground(nanoseconds: 6_000_000_000))),
        ("fault block-background 7.5s", .fault(.blockBackground(nanoseconds: 7_500_000_000))),
        ("fault none", .fault(nil)),
    ]

    @Test("every command parses, and its canonical spelling parses back to it", arguments: commands)
    func command(_ text: String, _ expected: ScenarioCommand) throws {
        let scenario = try Scenario(parsing: text, file: "x.scenario")
        #expect(scenario.steps == [ScenarioStep(expected, at: SourceLocation(line: 1, column: 1))])
        let again = try Scenario(parsing: expected.description, file: "x.scenario")
        #expect(again.steps.map(\.command) == [expected])
    }

    @Test("commands are separated by ';' or newlines, '#' comments run to the end of the line, steps keep locations")
    func separatorsCommentsAndLocations() throws {
        let scenario = try Scenario(
            parsing: "# setup\r\nlaunch cold;home ; wait 30s # long enough\n\n  return;;\n", file: "x.scenario")
        #expect(scenario.steps.map(\.command) == [.launch(.cold), .home, .wait(nanoseconds: 30_000_000_000), .open])
        #expect(
            scenario.steps.map(\.location) == [
                SourceLocation(line: 2, column: 1), SourceLocation(line: 2, column: 13),
                SourceLocation(line: 2, column: 20), SourceLocation(line: 4, column: 3),
            ])
        #expect(scenario.commandLine == "launch cold; home; wait 30s; open")
        #expect(try Scenario(parsing: "", file: "x").steps.isEmpty)
    }

    static let errors: [(script: String, line: Int, column: Int, code: ScenarioError.Code, message: String)] = [
        ("launch cold; hom; return", 1, 14, .unknownCommand, "unknown command 'hom'"),
        ("launch\n", 1, 8, .badArgument, "expected 'cold', 'restored', 'background' or 'prewarm' after 'launch'"),
        (
            "launch warm", 1, 8, .badArgument,
            "expected 'cold', 'restored', 'background' or 'prewarm' after 'launch', found 'warm'"
        ),
        (
            "launch background push fetch", 1, 24, .badArgument,
            "unexpected 'fetch' after 'launch background' (expected one of 'push' or 'fetch', and 'connect')"
        ),
        ("launch prewarm now", 1, 16, .badArgument, "unexpected 'now' after 'launch prewarm' (expected 'split')"),
        ("home now", 1, 6, .badArgument, "unexpected 'now' after 'home'"),
        ("wait", 1, 6, .badArgument, "expected a duration such as '2s' or '500ms' after 'wait'"),
        (
            "  wait 2x", 1, 8, .badDuration,
            "invalid duration '2x' (expected a number and 'ms', 's', 'm' or 'h', such as '500ms')"
        ),
        (
            "interrupt .5s", 1, 11, .badDuration,
            "invalid duration '.5s' (expected a number and 'ms', 's', 'm' or 'h', such as '500ms')"
        ),
        ("home\nopen-window main", 2, 13, .badArgument, "expected a window such as 'S2', found 'main'"),
        ("hide", 1, 6, .badArgument, "expected a window such as 'S2' after 'hide'"),
        ("close-window S0", 1, 14, .badArgument, "expected a window such as 'S2', found 'S0'"),
        ("swipe-kill S1 S2", 1, 15, .badArgument, "'S2' given twice after 'swipe-kill'"),
        (
            "swipe-kill slow", 1, 12, .badArgument,
            "unexpected 'slow' after 'swipe-kill' (expected a window such as 'S2', 'fast' or 'keep-session')"
        ),
        (
            "fault crash", 1, 7, .badArgument,
            "unknown fault 'crash' (expected 'ui-in-didfinish', 'wrong-order', 'late-save', 'block-background', 'slow-launch' or 'none')"
        ),
        ("app modern", 1, 5, .badArgument, "expected 'scene' or 'legacy', found 'modern'"),
        ("device", 1, 8, .badArgument, "expected a device model such as 'iPad13,4' after 'device'"),
        (
            "wait 10000000000000h", 1, 6, .badDuration,
            "invalid duration '10000000000000h' (expected a number and 'ms', 's', 'm' or 'h', such as '500ms')"
        ),
        // Each wait is allowed; together they would overflow the virtual clock.
        (
            "wait 90000h\nwait 90000h\ninterrupt 90000h\nwait 90000h", 4, 6, .badDuration,
            "the scenario's durations add up to more than 1000000000000000000ns (about 31 years)"
        ),
    ]

    @Test("errors name the file, line and column, in lowercase with tokens in quotes", arguments: errors)
    func error(_ script: String, _ line: Int, _ column: Int, _ code: ScenarioError.Code, _ message: String) {
        #expect {
            try Scenario(parsing: script, file: "scenarios/x.scenario")
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.code == code && error.location == SourceLocation(line: line, column: column)
                && error.message == message
        }
    }

    @Test("an error renders compiler-style with the line and a caret under the column")
    func rendering() {
        do {
            _ = try Scenario(parsing: "launch cold; hom; return\n", file: "scenarios/x.scenario")
            Issue.record("parsed")
        } catch {
            #expect(
                error.description == """
                    scenarios/x.scenario:1:14: error: unknown command 'hom'
                      1 | launch cold; hom; return
                        |              ^
                    """)
        }
    }

    @Test(
        "canonical durations use the largest exact unit",
        arguments: [
            (UInt64(2_000_000_000), "2s"), (500_000_000, "500ms"), (90_000_000_000, "90s"), (120_000_000_000, "2m"),
            (7_200_000_000_000, "2h"), (250_000, "0.25ms"), (1_500_000_000, "1500ms"),
        ])
    func durations(_ nanoseconds: UInt64, _ text: String) {
        #expect(ScenarioCommand.spell(nanoseconds) == text)
    }
}
