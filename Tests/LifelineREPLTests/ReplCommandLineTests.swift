import Testing

@testable import LifelineREPL

/// `lifeline repl`'s arguments, read as sqlite3 3.53 reads its own.
@Suite("the repl's command line (as sqlite3's)")
struct ReplCommandLineTests {
    @Test("options anywhere, one dash or two; the first other argument is the database, the rest commands")
    func positional() throws {
        let request = try ReplCommandLine.parse(["-csv", "x.db", "--header", "SELECT 1;", "-bail", ".tables"])
        #expect(
            request
                == .run(
                    {
                        var options = ReplLauncher.Options(
                            database: "x.db", commands: ["SELECT 1;", ".tables"], actions: [.format(.mode(.csv)), .format(.headers(true))])
                        options.bail = true
                        return options
                    }()))
    }

    @Test("output options and -cmd act in the order given; -header -noheader: the last wins")
    func order() throws {
        guard case .run(let options) = try ReplCommandLine.parse(["-separator", ";", "-csv", "-cmd", ".mode json", "-header", "-noheader"])
        else {
            Issue.record("not a run")
            return
        }
        #expect(
            options.actions == [
                .format(.columnSeparator(";")), .format(.mode(.csv)), .command(".mode json"), .format(.headers(true)),
                .format(.headers(false)),
            ])
    }

    @Test("-batch, -echo, -escape, -nullvalue, -newline, -ascii and -version are sqlite3's")
    func sqliteOptions() throws {
        guard
            case .run(let options) = try ReplCommandLine.parse([
                "-batch", "-echo", "-escape", "off", "-nullvalue", "-", "-newline", "~", "-ascii",
            ])
        else {
            Issue.record("not a run")
            return
        }
        #expect(options.batch)
        #expect(
            options.actions == [
                .echo, .format(.escape(.off)), .format(.nullText("-")), .format(.rowSeparator("~")), .format(.mode(.ascii)),
            ])
        #expect(try ReplCommandLine.parse(["-version"]) == .version)
        #expect(try ReplCommandLine.parse(["x.db", "-help"]) == .help)
    }

    @Test(
        "an unknown option is an error, never help or a silent success",
        arguments: [["-insert"], ["-bogush"], ["-escape", "loud"], ["-separator"], ["-qbox"], ["--statement-time", "soon"]])
    func unknown(_ arguments: [String]) {
        #expect(throws: ReplCommandLine.UsageError.self) { try ReplCommandLine.parse(arguments) }
    }

    @Test("after --, nothing is an option")
    func terminator() throws {
        #expect(try ReplCommandLine.parse(["--", "-csv", "-x"]) == .run(ReplLauncher.Options(database: "-csv", commands: ["-x"])))
    }
}
