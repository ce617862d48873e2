import LifelineFormat

/// One command of a scenario script with where it was written.
///
/// The location lets the simulator report a step it cannot perform (`return`
/// with no app running) at the command that asked for it.
public struct ScenarioStep: Hashable, Sendable {
    public var command: ScenarioCommand
    /// Where the command's name starts.
    public var location: SourceLocation

    public init(_ command: ScenarioCommand, at location: SourceLocation) {
        self.command = command
        self.location = location
    }
}
