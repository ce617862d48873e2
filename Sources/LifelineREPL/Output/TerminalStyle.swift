/// ANSI colours for a terminal, or nothing.
///
/// Colour is on when the sink is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org); never in files or pipes.
public struct TerminalStyle: Sendable {
    public var isEnabled: Bool

    public init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// The style for a sink, given the environment.
    public static func `for`(_ sink: OutputSink, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(isEnabled: sink.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    public static let plain = TerminalStyle(isEnabled: false)

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func blue(_ text: String) -> String { wrap(text, "34") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
