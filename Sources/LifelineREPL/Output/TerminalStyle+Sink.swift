import LifelineTerminal

extension TerminalStyle {
    /// The style for a sink, given the environment: colour only when a person is looking at it.
    package static func `for`(_ sink: OutputSink, environment: [String: String]) -> TerminalStyle {
        .for(terminal: sink.isTerminal, environment: environment)
    }
}
