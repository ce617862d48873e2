import LifelineFormat
import Testing

@testable import LifelineRules

@Suite("Rule language parser")
struct RuleParserTests {
    private func parse(_ text: String) throws -> [Rule] { try RuleSet(parsing: text, file: "t.rules").rules }

    private func body(_ text: String) throws -> Rule.Body {
        let rules = try parse("rule x: \(text)")
        return rules[0].body
    }

    private func error(_ text: String) -> RuleSyntaxError? {
        do {
            _ = try RuleSet(parsing: text, file: "rules/app.rules")
            return nil
        } catch {
            return error
        }
    }

    static let patterns: [(String, String)] = [
        ("never ui.setup", "absence"),
        ("only state.save | sceneDidEnterBackground", "universality"),
        ("eventually sceneDidBecomeActive", "existence"),
        ("at most 1 didFinishLaunching", "bounded existence"),
        ("at least 2 db.write", "bounded existence"),
        ("exactly 1 willConnectTo", "bounded existence"),
        ("didFinishLaunching precedes willConnectTo", "precedence"),
        ("sceneDidEnterBackground leads to state.save", "response"),
        ("state.save responds to sceneDidEnterBackground", "response"),
        ("willFinishLaunching then didFinishLaunching precedes willConnectTo", "chain precedence"),
        ("db.open precedes willConnectTo then sceneDidBecomeActive", "chain precedence"),
        ("willConnectTo leads to sceneWillEnterForeground then sceneDidBecomeActive", "chain response"),
        ("sceneWillResignActive then sceneDidEnterBackground leads to state.save", "chain response"),
        ("state.save within 2s after sceneDidEnterBackground", "bounded response"),
        ("sceneDidEnterBackground leads to state.save within 500ms", "bounded response"),
        ("never network.request within 1s after sceneDidEnterBackground", "bounded invariance"),
        ("sceneDidEnterBackground lasts at most 5s", "maximum duration"),
        ("didFinishLaunching lasts at least 1ms", "minimum duration"),
    ]

    @Test(arguments: patterns)
    func everyPatternParses(_ text: String, kind: String) throws {
        guard case .pattern(.globally, let pattern) = try body(text) else {
            Issue.record("not a global pattern")
            return
        }
        #expect(pattern.kindName == kind)
        // The description is rule syntax again, and reparses to the same pattern.
        guard case .pattern(_, let again) = try body(pattern.description) else { return }
        #expect(again == pattern)
    }

    @Test func respondsToAndLeadsToMeanTheSame() throws {
        #expect(try body("state.save responds to sceneDidEnterBackground") == body("sceneDidEnterBackground leads to state.save"))
        #expect(
            try body("state.save within 2s after sceneDidEnterBackground")
                == body("sceneDidEnterBackground leads to state.save within 2s"))
    }

    @Test func everyScopeParses() throws {
        let p = "never ui.setup"
        #expect(
            try body("globally: \(p)")
                == .pattern(.globally, .absence(EventPattern([.init(name: "ui.setup", location: .init(line: 9, column: 9))]))))
        guard case .pattern(.before(let r), _) = try body("before willConnectTo: \(p)") else { throw Failure() }
        #expect(r.names == [EventName(.willConnectTo)])
        guard case .pattern(.after(let q), _) = try body("after sceneDidEnterBackground: \(p)") else { throw Failure() }
        #expect(q.names == [EventName(.sceneDidEnterBackground)])
        guard case .pattern(.between(let q2, let r2), _) = try body("between sceneDidEnterBackground and sceneWillEnterForeground: \(p)")
        else { throw Failure() }
        #expect(q2.names == [EventName(.sceneDidEnterBackground)] && r2.names == [EventName(.sceneWillEnterForeground)])
        guard case .pattern(.afterUntil(let q3, let r3), _) = try body("after willConnectTo until sceneDidDisconnect: \(p)")
        else { throw Failure() }
        #expect(q3.names == [EventName(.willConnectTo)] && r3.names == [EventName(.sceneDidDisconnect)])
    }

    @Test func blockFormCarriesEveryClause() throws {
        let rules = try parse(
            """
            # A comment
            rule scene.connect-after-launch per session {
              severity warning
              message "a scene connects after launch"
              reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence"
              when lifecycle = scene and os >= "13.0"
              didFinishLaunching precedes willConnectTo   // trailing comment
            }
            """)
        let rule = try #require(rules.first)
        #expect(rule.id == "scene.connect-after-launch")
        #expect(rule.severity == .warning)
        #expect(rule.message == "a scene connects after launch")
        #expect(rule.reference == "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence")
        #expect(rule.slicing == .session(acrossLaunches: false))
        #expect(rule.conditions.map(\.description) == [#"lifecycle = "scene""#, #"os >= "13.0""#])
        #expect(rule.location == SourceLocation(line: 2, column: 1))
        #expect(rule.applies(to: LaunchRecord(os: "17.5", lifecycle: .scene)))
        #expect(!rule.applies(to: LaunchRecord(os: "12.4", lifecycle: .scene)))
        #expect(!rule.applies(to: LaunchRecord(os: "17.5", lifecycle: .app)))
    }

    @Test func headerFormTakesSeverityAndSlicing() throws {
        let rule = try #require(try parse("rule a warning per scene: at most 1 willConnectTo").first)
        #expect(rule.severity == .warning && rule.slicing == .scene)
        #expect(rule.message == "at most 1 willConnectTo")
        let across = try #require(try parse("rule b per session across launches: never willConnectTo").first)
        #expect(across.slicing == .session(acrossLaunches: true))
        #expect(try parse("rule c per trace: never willConnectTo").first?.slicing == .trace)
    }

    @Test func quotedNamesAndConditionsParse() throws {
        guard
            case .pattern(_, .precedence(let p, let s)) = try body(
                #""application:didFinishLaunchingWithOptions:" precedes "scene(_:willConnectTo:options:)"[role = "UIWindowSceneSessionRoleApplication", phase = begin] | db.open"#
            )
        else { throw Failure() }
        #expect(p.names == [EventName(.didFinishLaunching)])
        #expect(s.names == [EventName(.willConnectTo), EventName("db.open")])
        #expect(s.alternatives[0].conditions.map(\.description) == [#"role = "UIWindowSceneSessionRoleApplication""#, #"phase = "begin""#])
    }

    @Test func aBareFieldIsAPresenceCondition() throws {
        guard case .pattern(_, .absence(let p)) = try body(#"never configurationForConnecting[session, "my key", k = 1]"#)
        else { throw Failure() }
        #expect(p.alternatives[0].conditions.map(\.comparison) == [.present, .present, .equal])
        #expect(p.alternatives[0].conditions.map(\.description) == ["session", "my key", "k = 1"])
    }

    @Test func machinesParseWithWildcardsAndLists() throws {
        let rules = try parse(
            """
            machine scene.states per scene {
              severity warning
              initial unattached
              unattached -> inactive on willConnectTo
              inactive, background -> active on sceneDidBecomeActive
              * -> gone on sceneDidDisconnect
            }
            """)
        guard case .machine(let machine) = rules[0].body else { throw Failure() }
        #expect(machine.initial == "unattached")
        #expect(machine.states == ["unattached", "inactive", "background", "active", "gone"])
        #expect(machine.transitions.map(\.from) == [["unattached"], ["inactive", "background"], []])
        #expect(rules[0].slicing == .scene && rules[0].severity == .warning)
    }

    @Test func machineTransitionsTakeASeverityAMessageAReferenceOrAReporter() throws {
        let rules = try parse(
            """
            rule scene.x per scene: never sceneDidBecomeActive
            machine scene.states per scene {
              initial unattached
              unattached -> connected on willConnectTo { reference "willConnectTo docs" }
              connected -> active on sceneDidBecomeActive {
                severity warning
                message "a scene becomes active without entering the foreground"
                reference "W2"
              }
              active -> active on sceneDidBecomeActive { reported by scene.x }
              * -> gone on sceneDidDisconnect
            }
            """)
        guard case .machine(let machine) = rules[1].body else { throw Failure() }
        #expect(machine.transitions.map(\.severity) == [nil, .warning, nil, nil])
        #expect(machine.transitions.map(\.message) == [nil, "a scene becomes active without entering the foreground", nil, nil])
        #expect(machine.transitions.map(\.reference) == ["willConnectTo docs", "W2", nil, nil])
        #expect(machine.transitions.map(\.reportedBy) == [nil, nil, "scene.x", nil])
        #expect(
            machine.transitions.map(\.description) == [
                "unattached -> connected on willConnectTo", "connected -> active on sceneDidBecomeActive",
                "active -> active on sceneDidBecomeActive", "* -> gone on sceneDidDisconnect",
            ])
    }

    @Test func durationsReadEveryUnit() throws {
        for (text, nanoseconds) in [
            ("7ns", 7), ("40us", 40_000), ("250ms", 250_000_000), ("1.5s", 1_500_000_000), ("2min", 120_000_000_000),
        ] as [(String, Int64)] {
            guard case .pattern(_, .maximumDuration(_, let duration)) = try body("sceneDidEnterBackground lasts at most \(text)")
            else { throw Failure() }
            #expect(duration.nanoseconds == nanoseconds)
            #expect(RuleDuration(nanoseconds: nanoseconds).description == text)
        }
    }

    @Test("parentheses only group: a pattern in them is the pattern without them")
    func parentheses() throws {
        #expect(try body("never (ui.setup | state.save)") == body("never ui.setup | state.save"))
        #expect(try body("((didFinishLaunching)) precedes (willConnectTo)") == body("didFinishLaunching precedes willConnectTo"))
    }

    @Test("parentheses nested a hundred thousand deep parse like one pair, without recursion")
    func deepParentheses() throws {
        let depth = 100_000
        let nested = String(repeating: "(", count: depth) + "ui.setup | state.save" + String(repeating: ")", count: depth)
        #expect(try body("never \(nested)") == body("never ui.setup | state.save"))
        let unclosed = String(repeating: "(", count: depth) + "ui.setup" + String(repeating: ")", count: depth - 1)
        let failure = try #require(error("rule x: never \(unclosed)"))
        #expect(failure.diagnostics.map(\.location) == [SourceLocation(line: 1, column: 15 + 2 * depth + 7)])
    }

    // MARK: - Errors

    static let errors: [(source: String, line: Int, column: Int, message: String)] = [
        (
            "rule launch per launch: didFinishLaunching preceeds willConnectTo", 1, 44,
            "expected 'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts', found 'preceeds'"
        ),
        (
            "rule x: sceneDidBecomeActiv precedes willConnectTo", 1, 9,
            "unknown callback 'sceneDidBecomeActiv'; did you mean 'sceneDidBecomeActive'? (app-defined events contain a dot, like 'db.open', or are quoted)"
        ),
        ("rule x per window: never a.b", 1, 12, "expected 'launch', 'session', 'scene' or 'trace' after 'per', found 'window'"),
        ("rule x {\n  severity fatal\n  never a.b\n}", 2, 12, "expected 'error', 'warning' or 'info', found 'fatal'"),
        ("rule x {\n  message unquoted\n}", 2, 11, "expected a quoted string, found 'unquoted'"),
        (
            "rule x {\n  when lifecyle = scene\n  never a.b\n}", 2, 8,
            "unknown launch field 'lifecyle'; did you mean 'lifecycle'? (fields: lifecycle, app, platform, os, device, pid)"
        ),
        ("rule x {\n  when lifecycle = legacy\n  never a.b\n}", 2, 20, "unknown lifecycle 'legacy' (expected 'scene' or 'app')"),
        ("rule x {\n  never a.b\n  never c.d\n}", 3, 3, "rule 'x' already has a pattern; write one pattern per rule"),
        ("rule x {\n  severity info\n}", 1, 1, "rule 'x' has no pattern"),
        ("rule x {\n  never a.b\n", 3, 1, "expected '}' to close rule 'x' opened at 1:1"),
        ("rule x: a.b within 2 after c.d", 1, 20, "duration '2' needs a unit (ns, us, ms, s, min)"),
        ("rule x: a.b within 2h after c.d", 1, 20, "unknown duration unit 'h' (expected ns, us, ms, s or min)"),
        ("rule x: at most many a.b", 1, 17, "expected a count (0, 1, 2, ...), found 'many'"),
        ("rule x: between a.b c.d: never e.f", 1, 21, "expected 'and', found 'c.d'"),
        ("rule x: after a.b never c.d", 1, 19, "expected ':' after the scope, found 'never'"),
        ("rule x: a.b[phase = middle] precedes c.d", 1, 21, "unknown phase 'middle' (expected begin, end or instant)"),
        ("rule x: a.b[attrs. = 1] precedes c.d", 1, 13, "expected an attribute name after 'attrs.'"),
        ("rule x: a.b[k ~ 1] precedes c.d", 1, 15, "unexpected character '~'"),
        ("rule x: never \"unterminated", 1, 15, "unterminated string"),
        (
            "rule x per trace: a.b within 1s after c.d", 1, 1,
            "a timed pattern cannot be checked 'per trace': each launch has its own clock"
        ),
        ("rule x: never a.b\nrule x: never c.d", 2, 1, "duplicate rule id 'x'"),
        ("machine m {\n  initial a\n}", 1, 1, "machine 'm' has no transitions"),
        ("machine m {\n  a -> b willConnectTo\n}", 2, 10, "expected 'on', found 'willConnectTo'"),
        ("never a.b", 1, 1, "expected 'rule' or 'machine', found 'never'"),
        ("machine m {\n  a -> b on a.b { severity loud }\n}", 2, 28, "expected 'error', 'warning' or 'info', found 'loud'"),
        (
            "machine m {\n  a -> b on a.b { colour red }\n}", 2, 19,
            "expected 'severity', 'message', 'reference' or 'reported by', found 'colour'"
        ),
        (
            "machine m {\n  a -> b on a.b { message \"m\" }\n}", 2, 3,
            "a transition's message is shown only when the transition has a severity"
        ),
        (
            "rule r: never a.b\nmachine m {\n  a -> b on a.b { severity error\n reported by r }\n}", 3, 3,
            "a transition is either reported by the machine (severity) or by another rule (reported by), not both"
        ),
        (
            "rule scene.x: never a.b\nmachine m {\n  a -> b on a.b { reported by scene.y }\n}", 3, 3,
            "no rule 'scene.y' in this file reports this transition; did you mean 'scene.x'?"
        ),
        (
            "machine m {\n  a -> b on a.b { reported by m }\n}", 2, 3,
            "a transition of 'm' cannot be reported by the machine itself; give it a severity"
        ),
        ("machine m {\n  a -> b on a.b { severity info\n", 3, 1, "expected '}' to close the transition opened at 2:3"),
        ("rule r: never lifeline.anatomy[launchTime > 0ms]", 1, 45, "a duration must be greater than zero"),
        ("rule r: never lifeline.anatomy[launchTime > 400mss]", 1, 45, "unknown duration unit 'mss' (expected ns, us, ms, s or min)"),
    ]

    @Test(arguments: errors)
    func errorsAreLocated(_ source: String, line: Int, column: Int, message: String) throws {
        let failure = try #require(error(source))
        let first = try #require(failure.diagnostics.first)
        #expect(first.message == message)
        #expect(first.location == SourceLocation(line: line, column: column))
    }

    @Test("a rule id defined twice in one file is an error at the second, with a note at the first")
    func duplicateInOneFile() throws {
        let failure = try #require(error("rule x: never a.b\n\n  rule x: never c.d\n"))
        let duplicate = try #require(failure.diagnostics.first)
        #expect(duplicate.id == "rules.duplicateID")
        #expect(duplicate.notes == [Diagnostic.Note(file: "rules/app.rules", line: 1, column: 1, "first defined here")])
        #expect(
            failure.description == """
                rules/app.rules:3:3: error: duplicate rule id 'x'
                  3 |   rule x: never c.d
                    |   ^
                rules/app.rules:1:1: note: first defined here
                """)
    }

    @Test func errorsRenderWithTheLineAndACaret() throws {
        let failure = try #require(error("# app rules\n\nrule launch per launch: didFinishLaunching preceeds willConnectTo\n"))
        #expect(
            failure.description == """
                rules/app.rules:3:44: error: expected 'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts', found 'preceeds'
                  3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
                    |                                            ^
                """)
    }

    @Test func oneRunReportsEveryBrokenRule() throws {
        let failure = try #require(
            error("rule a: never a.b\nrule b: sceneDidBecomeActiv precedes a.b\nrule c: never c.d\nrule d per nothing: never e.f\n"))
        #expect(failure.diagnostics.map(\.line) == [2, 4])
    }

    private struct Failure: Error {}
}
