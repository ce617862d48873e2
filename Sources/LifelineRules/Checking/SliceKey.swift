/// Which slice of the trace a rule instance covers.
///
/// `launch` is the launch identifier (or `file#line` of its record when it has
/// none); `nil` for `per trace` and `per session across launches` instances.
public struct SliceKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var trace: String
    public var launch: String?
    public var session: String?
    public var scene: String?

    public init(trace: String, launch: String? = nil, session: String? = nil, scene: String? = nil) {
        self.trace = trace
        self.launch = launch
        self.session = session
        self.scene = scene
    }

    public static func < (lhs: SliceKey, rhs: SliceKey) -> Bool {
        (lhs.trace, lhs.launch ?? "", lhs.session ?? "", lhs.scene ?? "")
            < (rhs.trace, rhs.launch ?? "", rhs.session ?? "", rhs.scene ?? "")
    }

    /// `session S1 in launch 3F2A…`, `scene 0x6000 (session S1) in launch …`, `launch …`, `trace a.ndjson`.
    public var description: String {
        var parts: [String] = []
        if let scene {
            parts.append("scene \(scene)" + (session.map { " (session \($0))" } ?? ""))
        } else if let session {
            parts.append("session \(session)")
        }
        if let launch { parts.append((parts.isEmpty ? "" : "in ") + "launch \(SliceKey.abbreviated(launch))") }
        if parts.isEmpty || launch == nil { parts.append((parts.isEmpty ? "" : "in ") + "trace \(trace)") }
        return parts.joined(separator: " ")
    }

    /// The first 8 characters of a long identifier followed by an ellipsis.
    static func abbreviated(_ id: String) -> String { id.count > 12 ? String(id.prefix(8)) + "…" : id }
}
