/// The rule catalogs shipped with Lifeline.
///
/// Each rule applies only to launches of its life cycle (`when lifecycle = …`),
/// so loading every catalog checks each launch against the ones that match it.
///
/// ```swift
/// let rules = try BuiltinCatalog.uikitScene.rules
/// ```
public enum BuiltinCatalog: String, CaseIterable, Sendable {
    /// The iOS 13+ scene life cycle.
    case uikitScene = "uikit-scene"
    /// The legacy app-delegate life cycle.
    case uikitApp = "uikit-app"
    /// SwiftUI's scene phases.
    case swiftUI = "swiftui"

    /// A one-line description for `lifeline rules`.
    public var summary: String {
        switch self {
        case .uikitScene: return "scene-based life cycle (iOS 13+): launch, sessions, scene states, time limits"
        case .uikitApp: return "legacy app-delegate life cycle: launch, app states, time limits"
        case .swiftUI: return "SwiftUI's scene phases (iOS 14+): at launch, to and from the background"
        }
    }

    /// The catalog's rule text, in the rule language.
    public var text: String {
        switch self {
        case .uikitScene: return Self.uikitSceneText
        case .uikitApp: return Self.uikitAppText
        case .swiftUI: return Self.swiftUIText
        }
    }

    /// The name rules of this catalog report as their file.
    public var file: String { "builtin:\(rawValue)" }

    /// The parsed rules. The catalogs are tested to parse; a failure here is a bug in Lifeline.
    public var rules: RuleSet {
        do {
            return try RuleSet(parsing: text, file: file)
        } catch {
            preconditionFailure("built-in catalog \(rawValue) does not parse:\n\(error)")
        }
    }

    /// All the catalogs together.
    public static var all: RuleSet {
        var rules = RuleSet()
        for catalog in allCases { rules.rules += catalog.rules.rules }
        return rules
    }
}
