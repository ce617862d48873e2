/// A finding to draw on an exported trace: an instant on the track of the session it concerns.
public struct TraceAnnotation: Sendable, Hashable {
    /// The index of the launch in the exported launches.
    public var launch: Int
    /// The session whose track shows it; nil for the app's track.
    public var session: String?
    public var t: Int64
    public var name: String
    /// Shown with the instant (rule, severity, message, witnesses' seq, ...).
    public var args: Attributes

    public init(launch: Int, session: String?, t: Int64, name: String, args: Attributes) {
        self.launch = launch
        self.session = session
        self.t = t
        self.name = name
        self.args = args
    }
}
