import LifelineFormat

/// One problem found in a rules file, at a location.
public struct RuleDiagnostic: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String
    /// How it is printed and counted; every problem the parser finds today is an error.
    public var severity: FileDiagnostic.Severity

    public init(location: SourceLocation, message: String, severity: FileDiagnostic.Severity = .error) {
        self.location = location
        self.message = message
        self.severity = severity
    }
}
