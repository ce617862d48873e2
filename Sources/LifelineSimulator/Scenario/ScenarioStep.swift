import LifelineFormat

/// One command of a scenario script with where it was written.
///
/// The location lets the simulator report a step it cannot perform (`return`
/// with no app running) at the command that asked for it.
package struct ScenarioStep: Hashable, Sendable {
    package var command: ScenarioCommand
    /// Where the command's name starts.
    package var location: SourceLocation

    package init(_ command: ScenarioCommand, at location: SourceLocation) {
        self.command = command
        self.location = location
    }
}
