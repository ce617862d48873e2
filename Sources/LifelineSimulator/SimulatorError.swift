import LifelineFormat

/// The simulator could not write its trace.
///
/// Script problems are ``ScenarioError``s; this is for the file and the recorder.
package struct SimulatorError: DiagnosticError, Hashable, Sendable {
    package var path: String
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var diagnostics: [Diagnostic] { [Diagnostic(.error, file: path, message, id: "simulator.output")] }
}
