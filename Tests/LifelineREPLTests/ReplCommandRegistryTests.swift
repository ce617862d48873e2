import Testing

@testable import LifelineREPL

@Suite("the command registry")
struct ReplCommandRegistryTests {
    @Test("every standard command has a dot name, a summary and a unique name")
    func standard() {
        let commands = ReplCommandRegistry.standard.commands
        #expect(Set(commands.map(\.name)).count == commands.count)
        for command in commands {
            #expect(command.name.hasPrefix("."))
            #expect(!command.summary.isEmpty)
        }
        #expect(ReplCommandRegistry.standard.command(named: ".exit")?.name == ".exit")
        #expect(ReplCommandRegistry.standard.command(named: ".indices")?.name == ".indexes")
    }

    @Test(
        "a mistyped command gets the nearest one",
        arguments: [
            (".tabels", ".tables"), (".timelin", ".timeline"), (".sesions", ".sessions"), (".hepl", ".help"),
            (".q", nil as String?), (".xyzzy", nil),
        ])
    func suggestion(_ typed: String, _ expected: String?) {
        #expect(ReplCommandRegistry.standard.suggestion(for: typed) == expected)
    }

    @Test(".help lists a topic only once it has commands; a registered command is in help, completion and dispatch")
    func registering() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        let sink = TextSink()
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: fixture.directory.path),
            output: sink, errors: sink,
            registry: ReplCommandRegistry(ReplCommand.lifecycleCommands + ReplCommand.shellCommands))
        shell.run(reader: StreamLineReader(text: ".help\n", name: "test"))
        #expect(!sink.text.contains("Rules"))

        shell.register(
            ReplCommand(
                name: ".lint", summary: "Lint the loaded rules", topic: .rules, completion: .ruleIDs
            ) { shell, arguments in
                shell.write("lint: \(arguments.joined(separator: ","))\n")
            })
        shell.ruleIDs = ["launch.order"]
        shell.run(reader: StreamLineReader(text: ".help\n.lint a b\n", name: "test"))
        #expect(sink.text.contains("\nRules\n  .lint"))
        #expect(sink.text.hasSuffix("lint: a,b\n"))
        let catalog = shell.completionCatalog
        #expect(ReplCompleter.complete(before: ".lint ", word: "la", catalog) == ["launch.order"])
        #expect(ReplCompleter.complete(before: "", word: ".lin", catalog) == [".lint"])
    }

    @Test("the standard registry has the rules commands under Rules")
    func rulesCommands() {
        let rules = ReplCommandRegistry.standard.commands.filter { $0.topic == .rules }.map(\.name)
        #expect(rules == [".check", ".violations", ".why", ".rules", ".load"])
    }
}
