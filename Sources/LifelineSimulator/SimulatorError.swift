/// The simulator could not write its trace.
///
/// Script problems are ``ScenarioError``s; this is for the file and the recorder.
public struct SimulatorError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): error: \(message)" }
}
