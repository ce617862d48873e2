import ArgumentParser

/// The `lifeline` command: records, stores and checks app lifecycle traces.
@main
struct Lifeline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifeline",
        abstract: "Record, store and check iOS app lifecycle traces.",
        version: "0.1.0",
        subcommands: [Demo.self, Simulate.self, Import.self, Check.self, Rules.self, Repl.self, Validate.self, Callbacks.self]
    )

    /// ArgumentParser's `main()`, with a check that standard output took everything before the process exits.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            StandardOutput.shared.finish()
            exit(withError: error)
        }
        StandardOutput.shared.finish()
    }
}
