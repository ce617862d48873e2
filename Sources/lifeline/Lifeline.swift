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
}
