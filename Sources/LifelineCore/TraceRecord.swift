/// One line of a trace file.
public enum TraceRecord: Hashable, Sendable {
    /// The start of a process launch.
    case launch(LaunchRecord)
    /// An event of the launch above it.
    case event(EventRecord)
}
