import LifelineFormat

/// One checkable rule: what must hold, where, for which launches, and how to report it.
///
/// ```
/// rule scene.connect-after-launch per session {
///   severity error
///   message "a scene connects only after the app finished launching"
///   reference "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence"
///   when lifecycle = scene
///   didFinishLaunching precedes willConnectTo
/// }
/// ```
public struct Rule: Sendable, Hashable, Identifiable {
    /// What a rule checks: a scoped pattern or a state machine.
    package enum Body: Sendable, Hashable {
        case pattern(RuleScope, RulePattern)
        case machine(StateMachine)
    }

    public var id: String
    public var severity: Severity
    /// A one-line explanation shown with each violation; generated from the body when not given.
    public var message: String
    /// The document or source that justifies the rule.
    public var reference: String?
    public var slicing: Slicing
    /// All must hold for a launch to be checked.
    package var conditions: [LaunchCondition]
    package var body: Body
    /// The file the rule came from (`rules/app.rules`, or `builtin:uikit-scene`).
    public var file: String
    public var location: SourceLocation

    package init(
        id: String, severity: Severity = .error, message: String? = nil, reference: String? = nil,
        slicing: Slicing = .launch, conditions: [LaunchCondition] = [], body: Body, file: String = "<rules>",
        location: SourceLocation = SourceLocation(line: 1, column: 1)
    ) {
        self.id = id
        self.severity = severity
        self.message = message ?? Rule.describe(body)
        self.reference = reference
        self.slicing = slicing
        self.conditions = conditions
        self.body = body
        self.file = file
        self.location = location
    }

    /// Whether the rule applies to a launch.
    public func applies(to launch: LaunchRecord) -> Bool { conditions.allSatisfy { $0.holds(for: launch) } }

    /// The body in rule syntax: `between sceneWillEnterForeground and sceneDidEnterBackground: never ui.setup`.
    package static func describe(_ body: Body) -> String {
        switch body {
        case .pattern(.globally, let pattern): return pattern.description
        case .pattern(let scope, let pattern): return "\(scope): \(pattern)"
        case .machine(let machine):
            return "state machine from \(machine.initial) over \(machine.states.count) states"
        }
    }
}
