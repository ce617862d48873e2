import LifelineFormat

/// Why `lifeline pull --simulator` copied nothing.
///
/// Its description is the compiler-style line (`error: ...`) the command prints; `lifeline pull`
/// exits with status 2 for every code (an input the command needs is missing or wrong).
package struct SimulatorPullError: DiagnosticError, Sendable {
    /// What kind of problem this is.
    package enum Code: String, Sendable, Hashable {
        /// No `xcrun` on `PATH`: not a Mac with Xcode's command-line tools.
        case xcrunMissing
        /// `xcrun simctl get_app_container` failed: no booted simulator, an unknown device, the app
        /// not installed. ``SimulatorPullError/description`` carries simctl's own words.
        case simctlFailed
        /// simctl named a container that is not a directory here.
        case noContainer
        /// The container holds no Lifeline trace file.
        case noTraces
        /// A trace could not be read from the container or written to the destination.
        case copyFailed
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var diagnostics: [Diagnostic] { [Diagnostic(.error, message, id: Diagnostic.ID(rawValue: "pull.\(code.rawValue)"))] }
}
