/// How long one SQL statement may run in the shell: `.limit statement-time` and `lifeline repl --statement-time`.
///
/// SQL from a script (standard input that is not a terminal, `.read FILE`,
/// `.query NAME`) is untrusted and nobody may be watching it: a CI job must not
/// hang on a query that never ends. SQL typed at the prompt has a person in
/// front of it, who can press Ctrl-C. So by default (``automatic``) a statement
/// read from a script stops after ``scriptSeconds``, and one typed at the
/// prompt runs until it finishes; an explicit setting applies to both.
///
/// ```swift
/// StatementTimeLimit(parsing: "2.5")                     // .seconds(2.5)
/// StatementTimeLimit.automatic.seconds(scripted: true)   // 60
/// ```
package enum StatementTimeLimit: Equatable, Sendable, CustomStringConvertible {
    /// ``scriptSeconds`` for SQL from a script, none for SQL typed at the prompt.
    case automatic
    /// No limit (Ctrl-C still interrupts at a terminal).
    case off
    /// Every statement, typed or read, stops after this many seconds.
    case seconds(Double)

    /// The default limit for a statement read from a script.
    package static let scriptSeconds: Double = 60
    /// The largest limit one can set: about eleven days, far beyond any CI job.
    package static let maximumSeconds: Double = 1_000_000

    /// What `--statement-time` and `.limit statement-time` accept: `off`, `default`, or seconds
    /// (`30`, `0.5`; more than 0, at most ``maximumSeconds``). Nil for anything else.
    package init?(parsing text: String) {
        switch text.lowercased() {
        case "off", "none": self = .off
        case "default", "auto": self = .automatic
        default:
            guard let seconds = Double(text), seconds > 0, seconds <= Self.maximumSeconds else { return nil }
            self = .seconds(seconds)
        }
    }

    /// The limit for one statement, in seconds, or nil for none; `scripted`: the statement was read
    /// from a script, not typed at the prompt.
    package func seconds(scripted: Bool) -> Double? {
        switch self {
        case .automatic: scripted ? Self.scriptSeconds : nil
        case .off: nil
        case .seconds(let seconds): seconds
        }
    }

    /// What `.limit` prints: `60 s for scripts, none at the prompt (default)`, `off`, `2.5 s`.
    package var description: String {
        switch self {
        case .automatic: "\(Self.format(Self.scriptSeconds)) for scripts, none at the prompt (default)"
        case .off: "off"
        case .seconds(let seconds): Self.format(seconds)
        }
    }

    /// `60 s`, `0.5 s`.
    static func format(_ seconds: Double) -> String {
        let whole = seconds.rounded()
        return (whole == seconds && whole < 1e15 ? String(Int64(whole)) : String(seconds)) + " s"
    }

    /// The error for a statement the limit stopped, naming the limit and how to lift it.
    func stoppedMessage(after seconds: Double) -> String {
        "statement stopped after \(Self.format(seconds)), the statement time limit"
            + (self == .automatic ? " for SQL from a script" : "")
            + "; raise or lift it with '.limit statement-time SECONDS|off' or 'lifeline repl --statement-time SECONDS|off'"
    }
}
