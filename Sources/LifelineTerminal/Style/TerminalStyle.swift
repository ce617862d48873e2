import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ANSI colours for a terminal, or nothing.
///
/// Colour is on when the output is a terminal and `NO_COLOR` is unset or empty
/// (https://no-color.org); never in files or pipes.
///
/// ```swift
/// let style = TerminalStyle.for(fileDescriptor: STDERR_FILENO, environment: environment)
/// style.label(.error)   // "\u{1B}[1;31merror:\u{1B}[0m" on a terminal, "error:" in a file
/// ```
package struct TerminalStyle: Sendable, Hashable {
    package var isEnabled: Bool

    package init(isEnabled: Bool) { self.isEnabled = isEnabled }

    /// The style for an output that is (or is not) a terminal, given the environment.
    package static func `for`(terminal isTerminal: Bool, environment: [String: String]) -> TerminalStyle {
        TerminalStyle(isEnabled: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// The style for a file descriptor (`isatty`), given the environment.
    package static func `for`(fileDescriptor: Int32, environment: [String: String]) -> TerminalStyle {
        .for(terminal: isatty(fileDescriptor) != 0, environment: environment)
    }

    package static let plain = TerminalStyle(isEnabled: false)

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "1;31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func blue(_ text: String) -> String { wrap(text, "34") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }

    /// The word that introduces a diagnostic, with its colon, coloured by severity: errors bold red,
    /// warnings bold yellow.
    package func label(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: red("error:")
        case .warning: wrap("warning:", "1;33")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
