import ArgumentParser
import Foundation
import LifelineFormat
import LifelineSupport
import LifelineTerminal

/// The `lifeline` command: records, stores and checks app lifecycle traces.
@main
struct Lifeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifeline",
        abstract: "Record, store and check iOS app lifecycle traces.",
        discussion: """
            Exit status, for every subcommand: 0 success; 1 the input was judged and failed (check \
            findings, validate errors, a file import failed, a REPL script command failed); 2 a usage \
            or input error (an unknown option, a path that does not exist, an unreadable or invalid \
            input the command needs). See docs/rules.md#exit-status.
            """,
        version: LifelineVersion.current,
        subcommands: [
            Demo.self, Simulate.self, Import.self, Export.self, Check.self, Report.self, Rules.self, Repl.self, Validate.self,
            Callbacks.self, Pull.self, Watch.self,
        ]
    )

    /// Parses and runs the subcommand, keeping one exit-status contract.
    ///
    /// ArgumentParser's own `main()` exits with `EX_USAGE` (64) on a usage error (an unknown option
    /// or subcommand, a missing or extra argument, a value it cannot parse); Lifeline promises 2 for
    /// every usage or input error, so this maps that one status and leaves help, `--version`, and
    /// the statuses subcommands choose to ArgumentParser. Before the process exits, standard output
    /// is checked for a write that failed (``StandardOutput``).
    static func main() {
        if let message = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            printError(message)
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            StandardOutput.shared.finish()
            if exitCode(for: error) == .validationFailure {
                let message = fullMessage(for: error)
                printError(message.hasSuffix("\n") ? String(message.dropLast()) : message)
                Foundation.exit(2)
            }
            exit(withError: error)
        }
        StandardOutput.shared.finish()
    }

    /// The error for a first word that names no subcommand, with the nearest one (``EditDistance``).
    ///
    /// ArgumentParser reads such a word as an argument of the root command, which takes none, and
    /// complains about whatever comes next: `lifeline repot traces -o x.html` said "Unknown option
    /// '-o'". A word where the subcommand belongs is a mistyped subcommand, said so before parsing:
    /// `error: unknown command 'repot'; did you mean 'report'?`. Nil when the first argument is an
    /// option (`--help`, `--version`) or a subcommand's name or alias.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
        guard !names.contains(word) else { return nil }
        let suggestion = EditDistance.nearest(to: word, in: names).map { "; did you mean '\($0)'?" }
        return "error: unknown command '\(TerminalText.escape(word))'" + (suggestion ?? "; 'lifeline --help' lists the commands")
    }
}
