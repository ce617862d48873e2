import LifelineFormat

/// A scenario script that cannot be parsed or played, located compiler-style.
///
/// ```
/// scenarios/x.scenario:1:14: error: unknown command 'hom'
///   1 | launch cold; hom; return
///     |              ^
/// ```
package struct ScenarioError: DiagnosticError, Hashable, Sendable {
    /// What went wrong, for callers that react to a kind of error.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let name: String

        /// The command's name is not one the language knows.
        package static let unknownCommand = Code(name: "unknownCommand")
        /// A command lacks an argument it needs, or has one it does not take.
        package static let badArgument = Code(name: "badArgument")
        /// A duration is not a number followed by `ms`, `s`, `m`, `min` or `h`.
        package static let badDuration = Code(name: "badDuration")
        /// The step is well-formed but impossible in the state the simulation is in.
        package static let impossibleStep = Code(name: "impossibleStep")

        package var description: String { name }
    }

    package var code: Code
    /// The script's path as given, or a label such as `<demo>`.
    package var file: String
    package var location: SourceLocation
    package var message: String
    /// The text of the line the error is on, for the caret line.
    package var sourceLine: String

    package init(_ code: Code, file: String, at location: SourceLocation, _ message: String, sourceLine: String) {
        self.code = code
        self.file = file
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `file:line:col: error: message`, then the line and a caret under the column; id `scenario.` and the code.
    package var diagnostics: [Diagnostic] {
        [
            Diagnostic(
                .error, file: file, line: location.line, column: location.column, message,
                id: Diagnostic.ID(rawValue: "scenario.\(code.name)"),
                excerpt: SourceExcerpt(lineNumber: location.line, text: sourceLine, utf8Column: location.column))
        ]
    }
}
