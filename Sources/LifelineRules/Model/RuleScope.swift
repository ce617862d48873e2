/// Where in a slice a pattern must hold: Dwyer, Avrunin and Corbett's five scopes.
///
/// A scope cuts a slice into *segments*. The events that open (`Q`) and close
/// (`R`) a segment are not part of it. A new `between`/`after … until` segment
/// opens at the first `Q` after the previous segment closed.
///
/// | scope | segments | a segment still open when the trace ends |
/// |---|---|---|
/// | `globally` | the whole slice | open: obligations are pending |
/// | `before R` | start … first `R` | tentative: `R` may never have come, findings are pending |
/// | `after Q` | first `Q` … end | open |
/// | `between Q and R` | each `Q` … next `R` | tentative |
/// | `after Q until R` | each `Q` … next `R` or end | open |
package enum RuleScope: Sendable, Hashable, CustomStringConvertible {
    case globally
    case before(EventPattern)
    case after(EventPattern)
    case between(EventPattern, and: EventPattern)
    case afterUntil(EventPattern, until: EventPattern)

    /// The scope's opener `Q`, if it has one.
    package var opener: EventPattern? {
        switch self {
        case .after(let q), .between(let q, _), .afterUntil(let q, _): return q
        case .globally, .before: return nil
        }
    }

    /// The scope's closer `R`, if it has one.
    package var closer: EventPattern? {
        switch self {
        case .before(let r), .between(_, let r), .afterUntil(_, let r): return r
        case .globally, .after: return nil
        }
    }

    /// Whether a segment still open at the end of the trace is tentative (its
    /// closing event is required by the scope but never came).
    var requiresCloser: Bool {
        switch self {
        case .before, .between: return true
        default: return false
        }
    }

    /// Whether a new segment may open after one closes.
    var repeats: Bool {
        switch self {
        case .between, .afterUntil: return true
        default: return false
        }
    }

    package var description: String {
        switch self {
        case .globally: return "globally"
        case .before(let r): return "before \(r)"
        case .after(let q): return "after \(q)"
        case .between(let q, let r): return "between \(q) and \(r)"
        case .afterUntil(let q, let r): return "after \(q) until \(r)"
        }
    }
}
