import LifelineFormat

/// One problem found in a rules file, at a location.
public struct RuleDiagnostic: Sendable, Hashable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}
