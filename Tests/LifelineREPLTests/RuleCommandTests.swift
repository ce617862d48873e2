import Foundation
import GRDB
import Testing

@testable import LifelineREPL

@Suite("rule commands")
struct RuleCommandTests {
    /// One shell on a fresh fixture database; ``run(_:)`` returns what each script printed.
    final class Session {
        let fixture: ReplFixture
        let shell: ReplShell
        private let sink = TextSink()
        private var printed = 0

        init(database: String = "lifeline.db", prepare: (ReplFixture) throws -> Void = { _ in }) throws {
            fixture = try ReplFixture()
            try prepare(fixture)
            shell = try ReplShell(
                configuration: ReplConfiguration(databasePath: database, directory: fixture.directory.path),
                output: sink, errors: sink)
        }

        deinit { fixture.remove() }

        /// Runs `script` (results and diagnostics in one transcript) and returns what it printed.
        func run(_ script: String) -> String {
            shell.run(reader: StreamLineReader(text: script, name: "test"))
            defer { printed = sink.text.count }
            return String(sink.text.dropFirst(printed))
        }
    }

    @Test(".explain and .violations before any .check, with no findings in the database, say there is none yet")
    func nothingChecked() throws {
        let session = try Session()
        #expect(
            session.run(".explain 1\n.violations\n") == """
                test:1:1: error: .explain: no check yet (the database holds no findings: no check ran on it, or the last found none); \
                .check runs one
                test:2:1: error: .violations: no check yet (the database holds no findings: no check ran on it, or the last found none); \
                .check runs one

                """)
    }

    @Test(".check lists the rules not applicable to a launch that records only some callbacks, with the reason")
    func notApplicable() throws {
        let session = try Session { fixture in
            try FileManager.default.createDirectory(
                atPath: fixture.path("partial"), withIntermediateDirectories: true)
            try """
            {"lifeline":1,"type":"launch","launch":"P1","lifecycle":"scene","records":["sceneWillEnterForeground","sceneDidBecomeActive","sceneWillResignActive","sceneDidEnterBackground","sceneDidDisconnect"]}
            {"seq":1,"t":0,"event":"sceneWillEnterForeground","scene":"0x1"}
            {"seq":2,"t":10,"event":"sceneDidBecomeActive","scene":"0x1"}

            """.write(toFile: fixture.path("partial/device.ndjson"), atomically: true, encoding: .utf8)
        }
        let checked = session.run(".import partial\n.check scene.connect-once scene.active-once\n")
        #expect(
            checked.contains(
                "partial/device.ndjson:1: not applicable[scene.connect-once]: needs 'willConnectTo', which this trace does not record\n"))
        #expect(!checked.contains("not applicable[scene.active-once]"))
        #expect(checked.hasSuffix("; 1 rule not applicable (it needs callbacks not recorded)\n"))
    }

    @Test("a check is numbered as the violation table's rows, and .violations lists it again")
    func numbering() throws {
        let session = try Session()
        let checked = session.run(".import bugs\n.check\n")
        let listed = session.run(".violations\n")
        #expect(checked.hasPrefix("imported 2 files"))
        #expect(checked.hasSuffix(listed) && listed.hasSuffix("(.why N shows one in its timeline; SQL sees them in the violation table)\n"))
        let rows = try DatabaseQueue(path: session.fixture.path("lifeline.db")).read { db in
            try Row.fetchAll(db, sql: "SELECT id, rule FROM violation ORDER BY id").map { ($0[0] as Int, $0[1] as String) }
        }
        #expect(rows.count == 9)
        // Header, rule, one line per finding, the summary line, the hint.
        let numbered = listed.split(separator: "\n").dropFirst(2).dropLast(2).map { line in
            let words = line.split(separator: " ")
            return (Int(words[0]) ?? 0, String(words[2]))
        }
        #expect(numbered.map(\.0) == rows.map(\.0))
        #expect(numbered.map(\.1) == rows.map(\.1))
    }

    @Test(".explain N shows the finding, its witnesses, and its session's timeline with the witnesses marked")
    func explain() throws {
        let session = try Session()
        _ = session.run(".import bugs/bug-wrong-order.ndjson\n")
        let checked = session.run(".check scene.connect-after-launch\n")
        #expect(checked.contains("1  error     scene.connect-after-launch"))
        let explained = session.run(".explain 1\n")
        #expect(
            explained.hasPrefix(
                """
                bugs/bug-wrong-order.ndjson:31: error[scene.connect-after-launch]: scene(_:willConnectTo:options:) for session S2
                """))
        #expect(explained.contains("  offending: scene(_:willConnectTo:options:) begin seq 8 at bugs/bug-wrong-order.ndjson:31\n"))
        #expect(explained.contains("\nlaunch 4 · 1A3C2A7F-5D09-4139-AA5D-E3034A161806 · com.example.Notes"))
        let marked = explained.split(separator: "\n").filter { $0.hasPrefix(">") }
        #expect(marked.count == 2)
        #expect(marked.first?.contains("willConnectTo") == true)
        #expect(marked.last?.contains("didFinishLaunching") == true)
        #expect(!explained.contains("| S1"), "only the finding's session and the app")
        #expect(session.run(".explain 2\n") == "test:1:1: error: .explain: unexpected '2'; expected a violation number, 1 to 1\n")
    }

    @Test("a check that finds nothing leaves nothing to explain")
    func cleanCheck() throws {
        let session = try Session()
        let appRules = try session.shell.selectRules(["uikit-app"]).rules.count
        #expect(
            session.run(".check uikit-app\n.explain 1\n") == """
                checked 2 traces (2 launches, 29 events) against \(appRules) rules: 0 errors, 0 warnings, 0 info, 0 pending
                test:2:1: error: .explain: the last check found no violations

                """)
    }

    @Test(".load adds a file's rules: .rules lists them and tab completion offers their ids")
    func loadThenRules() throws {
        let session = try Session()
        #expect(!session.run(".rules\n").contains("launch.db-first"))
        #expect(
            session.run(".load more-rules/launch.rules\n")
                == "loaded 2 rules from more-rules/launch.rules: launch.db-first, launch.once\n")
        let rules = session.run(".rules\n")
        #expect(rules.contains("\nmore-rules/launch.rules:\n  launch.db-first "))
        #expect(rules.contains("\n  launch.once "))
        #expect(session.shell.ruleIDs.suffix(2) == ["launch.db-first", "launch.once"])
        #expect(
            ReplCompleter.complete(before: ".check ", word: "launch.", session.shell.completionCatalog)
                == ["launch.db-first", "launch.once"])
    }

    @Test("loading a file again replaces its rules with what it holds now")
    func reload() throws {
        let session = try Session()
        let path = session.fixture.path("mine.rules")
        try "rule mine.a: never x.a\nrule mine.b: never x.b\n".write(toFile: path, atomically: true, encoding: .utf8)
        _ = session.run(".load mine.rules\n")
        try "rule mine.b: never x.b\nrule mine.c: never x.c\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(session.run(".load ./mine.rules\n") == "reloaded 2 rules from ./mine.rules: mine.b, mine.c\n")
        #expect(session.shell.ruleIDs.filter { $0.hasPrefix("mine.") } == ["mine.b", "mine.c"])
    }

    @Test("a rules file that does not parse loads nothing and is reported where it fails, with a caret")
    func brokenFile() throws {
        let session = try Session()
        let before = session.shell.ruleIDs
        let output = session.run(".load more-rules/broken.rules\n")
        #expect(
            output.hasPrefix(
                """
                more-rules/broken.rules:4:50: error: expected 'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts', found 'preceeds'
                  4 | rule launch.order per launch: didFinishLaunching preceeds willConnectTo
                    |                                                  ^
                more-rules/broken.rules:5:28: error: unknown callback 'sceneDidBecomeActiv'; did you mean 'sceneDidBecomeActive'?
                """))
        #expect(session.shell.ruleIDs == before)
        #expect(
            session.run(".load more-rules/launch.rules\n.load more-rules/launch.rules\n").hasSuffix(
                "reloaded 2 rules from more-rules/launch.rules: launch.db-first, launch.once\n"))
    }

    @Test("a broken rules/*.rules is reported by the commands that need the defaults; catalogs still check")
    func brokenDefaults() throws {
        let session = try Session { fixture in
            try "rule bad: never\n".write(toFile: fixture.path("rules/bad.rules"), atomically: true, encoding: .utf8)
        }
        #expect(session.shell.ruleIDs.first == "scene.launch-once", "completion falls back to the catalogs")
        let diagnostic = """
            rules/bad.rules:2:1: error: expected an event name, found end of file
              2 |\u{20}
                | ^

            """
        #expect(session.run(".rules\n.check\n") == diagnostic + diagnostic)
        let appRules = try session.shell.selectRules(["uikit-app"]).rules.count
        #expect(
            session.run(".check uikit-app\n")
                == "checked 2 traces (2 launches, 29 events) against \(appRules) rules: 0 errors, 0 warnings, 0 info, 0 pending\n")
    }

    @Test("naming rules: ids, catalogs and files mix; a rule named twice is checked once; a typo gets a suggestion")
    func selecting() throws {
        let session = try Session()
        #expect(try session.shell.selectRules(["scene.connect-once"]).rules.map(\.id) == ["scene.connect-once"])
        #expect(
            try session.shell.selectRules(["scene.connect-once", "uikit-scene"]).rules.count
                == session.shell.selectRules(["uikit-scene"]).rules.count)
        #expect(
            try session.shell.selectRules(["more-rules/launch.rules", "uikit-app"]).rules.count == session.shell.selectRules(["uikit-app"])
                .rules.count + 2)
        #expect(
            session.run(".check scene.conect-once\n.check uikit-scen\n.check nothing.like.it.at.all\n") == """
                test:1:1: error: no rule, catalog or rules file 'scene.conect-once'; did you mean 'scene.connect-once'?
                test:2:1: error: no rule, catalog or rules file 'uikit-scen'; did you mean 'uikit-scene'?
                test:3:1: error: no rule, catalog or rules file 'nothing.like.it.at.all'; .rules lists them

                """)
    }

    @Test(".import that changes the database forgets the last check; one that changes nothing keeps it")
    func importAfterCheck() throws {
        let session = try Session()
        _ = session.run(".check\n")
        #expect(session.run(".import traces\n").hasSuffix("imported 2 files, 0 launches, 0 events, 0 skipped lines\n"))
        #expect(session.run(".violations\n").contains("3 pending\n"))
        #expect(
            session.run(".import bugs\n")
                .hasSuffix("(the database changed, so .violations and .why forget the last check; .check again)\n"))
        #expect(
            session.run(".explain 1\n")
                == "test:1:1: error: .explain: .import changed the database since the last check; .check again\n")
    }

    @Test(".check on a read-only file says why it cannot and writes nothing; the shell goes on")
    func readOnlyFile() throws {
        let session = try Session(database: "shared.db") { fixture in
            try FileManager.default.copyItem(atPath: fixture.path("lifeline.db"), toPath: fixture.path("shared.db"))
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.path("shared.db"))
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: session.fixture.path("shared.db")))
        #expect(
            session.run(".check\n.violations\n.mode list --titles on\nSELECT COUNT(*) AS n FROM launch;\n") == """
                test:1:1: error: .check: shared.db is read-only (no write permission), and .check writes what it finds to \
                the database's 'violation' table; check a writable copy
                test:2:1: error: .violations: no check yet (the database holds no findings: no check ran on it, or the last found none); \
                .check runs one
                n
                2

                """)
        #expect(try Data(contentsOf: URL(fileURLWithPath: session.fixture.path("shared.db"))) == before)
    }

    @Test(".check refuses a database that is not Lifeline's, and an empty one")
    func notLifeline() throws {
        let session = try Session { fixture in
            try DatabaseQueue(path: fixture.path("other.db")).write { try $0.execute(sql: "CREATE TABLE notes (body TEXT)") }
            try DatabaseQueue(path: fixture.path("empty.db")).write { _ in }
        }
        for (database, message) in [
            ("other.db", ".check: other.db is not a Lifeline database; not writing to it"),
            ("empty.db", ".check: the database has no launches; .import some traces"),
        ] {
            let sink = TextSink()
            let shell = try ReplShell(
                configuration: ReplConfiguration(databasePath: database, directory: session.fixture.directory.path),
                output: sink, errors: sink)
            shell.run(reader: StreamLineReader(text: ".check\n", name: "test"))
            #expect(sink.text == "test:1:1: error: \(message)\n")
        }
    }
}
