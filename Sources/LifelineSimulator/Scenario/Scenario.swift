import LifelineFormat

/// A scenario script: what the user and the system do to an app, in order.
///
/// Commands are separated by `;` or newlines; `#` starts a comment. Every
/// command is documented in docs/scenarios.md.
///
/// ```swift
/// let scenario = try Scenario(parsing: "launch cold; home; wait 30s; return", file: "inline")
/// try Simulator(seed: 1).run(scenario, writingTo: traceURL)
/// ```
package struct Scenario: Hashable, Sendable {
    /// The script's path or label, used in diagnostics.
    package var file: String
    /// The script's text.
    package var source: String
    package var steps: [ScenarioStep]

    /// Parses `source`; the error names `file` and the line and column at fault.
    package init(parsing source: String, file: String) throws(ScenarioError) {
        var parser = ScenarioParser(source: source, file: file)
        self.file = file
        self.source = source
        self.steps = try parser.parseScript()
    }

    /// The commands in their canonical spelling, separated by `; `: `launch cold; home; wait 30s; return`.
    package var commandLine: String {
        steps.map(\.command.description).joined(separator: "; ")
    }

    /// An error located at `location` in this script.
    func error(_ code: ScenarioError.Code, at location: SourceLocation, _ message: String) -> ScenarioError {
        ScenarioSource(source: source, file: file).error(code, at: location, message)
    }
}
