import Foundation
import LifelineFormat

/// Names for a launch's scene-session lanes on the report's timeline, from what its events say
/// about each session.
///
/// A session's id is its `persistentIdentifier` (a UUID on a device, `S1` in a simulated trace)
/// and a scene's is an address: neither tells a reader which window a lane is. The events often
/// do. `configurationForConnecting` and the scene callbacks may carry the session's `role`
/// (the simulator's do; an app passes it to the recorder), an app may add its scene
/// configuration's name, the activity type or title of what the scene shows, and a restored
/// session says `restored`. A lane is named after its role (`window`, `external display`,
/// `CarPlay`), numbered in order of appearance when several share it, then the title or activity
/// and, in parentheses, the configuration and `restored`: `window 2: compose (Default
/// Configuration, restored)`. A session the events say nothing about gets no name: the page shows
/// its id, as it always shows the id beside a name. Every value is cut to ``valueLimit``
/// characters (a role to ``roleLimit``, but the name made of it to ``valueLimit``), so a trace cannot
/// make a name long.
///
/// ```swift
/// var names = SceneLaneNames()
/// names.note(session: "S1", attrs: ["role": "UIWindowSceneSessionRoleApplication"])
/// names.note(session: "S2", attrs: ["role": "UIWindowSceneSessionRoleApplication", "activityType": "com.example.compose"])
/// names.note(session: "S3", attrs: [:])
/// names.lanes.map(\.name)   // ["window 1", "window 2: compose", nil]
/// ```
package struct SceneLaneNames: Sendable {
    /// The longest value, in characters, taken from an attribute.
    package static let valueLimit = 40
    /// The longest role kept: UIKit's and CarPlay's run to 66 characters, and a name shows at most ``valueLimit``.
    static let roleLimit = 100

    /// What the events say about one session.
    package struct Facts: Sendable, Equatable {
        /// The session's role, as UIKit names it (`UIWindowSceneSessionRoleApplication`).
        package var role: String?
        /// The name of the scene configuration it connected with (`Default Configuration`).
        package var configuration: String?
        /// The activity type of what it shows (`com.example.notes.compose`).
        package var activity: String?
        /// A title the app gave it.
        package var title: String?
        /// Whether it was restored (its `stateRestorationActivity` was set).
        package var restored = false

        package var isEmpty: Bool { self == Facts() }
    }

    /// One session's lane: its id, the name the page shows (nil: nothing known, the id is the name),
    /// and the facts behind it.
    package struct Lane: Sendable, Equatable {
        package var session: String
        package var name: String?
        package var facts: Facts
    }

    /// The attribute keys each fact is read from, first match first.
    static let roleKeys = ["role", "sessionRole"]
    static let configurationKeys = ["configuration", "configurationName"]
    static let activityKeys = ["activityType", "activity", "userActivity"]
    static let titleKeys = ["title", "sceneTitle"]

    private var order: [String] = []
    private var facts: [String: Facts] = [:]

    package init() {}

    /// Takes what an event of `session` says; the first value of each fact stands.
    package mutating func note(session: String, attrs: Attributes) {
        if facts[session] == nil {
            order.append(session)
            facts[session] = Facts()
        }
        guard !attrs.isEmpty, var known = facts[session] else { return }
        known.role = known.role ?? Self.value(Self.roleKeys, in: attrs, limit: Self.roleLimit)
        known.configuration = known.configuration ?? Self.value(Self.configurationKeys, in: attrs)
        known.activity = known.activity ?? Self.value(Self.activityKeys, in: attrs)
        known.title = known.title ?? Self.value(Self.titleKeys, in: attrs)
        if case .bool(true) = attrs["restored"] { known.restored = true }
        facts[session] = known
    }

    /// The sessions in order of their first event, each named.
    package var lanes: [Lane] {
        let kinds = order.map { facts[$0].flatMap(Self.kind) }
        var total: [String: Int] = [:]
        for kind in kinds.compactMap({ $0 }) { total[kind, default: 0] += 1 }
        var seen: [String: Int] = [:]
        return zip(order, kinds).map { session, kind in
            let known = facts[session] ?? Facts()
            guard let kind else { return Lane(session: session, name: nil, facts: known) }
            seen[kind, default: 0] += 1
            var name = (total[kind] ?? 0) > 1 ? "\(kind) \(seen[kind] ?? 0)" : kind
            if let shown = known.title ?? known.activity.map(Self.shortActivity) { name += ": " + shown }
            let notes = [known.configuration, known.restored ? "restored" : nil].compactMap { $0 }
            if !notes.isEmpty { name += " (" + notes.joined(separator: ", ") + ")" }
            return Lane(session: session, name: name, facts: known)
        }
    }

    /// What a lane of these facts is called before its number: its role's name, `scene` when only
    /// other facts are known, nil when nothing is.
    static func kind(_ facts: Facts) -> String? {
        guard let role = facts.role else { return facts.isEmpty ? nil : "scene" }
        return roleNames[role] ?? cut(role, valueLimit)
    }

    /// UIKit's, CarPlay's and visionOS's session roles, by what a person calls the scene.
    static let roleNames = [
        "UIWindowSceneSessionRoleApplication": "window",
        "UIWindowSceneSessionRoleExternalDisplayNonInteractive": "external display",
        "UIWindowSceneSessionRoleExternalDisplay": "external display",
        "UIWindowSceneSessionRoleVolumetricApplication": "volume",
        "UISceneSessionRoleImmersiveSpaceApplication": "immersive space",
        "CPTemplateApplicationSceneSessionRoleApplication": "CarPlay",
        "CPTemplateApplicationDashboardSceneSessionRoleApplication": "CarPlay dashboard",
        "CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication": "CarPlay instrument cluster",
    ]

    /// An activity type's last dotted part (`com.example.notes.compose` → `compose`), or all of it.
    static func shortActivity(_ activity: String) -> String {
        let last = activity.split(separator: ".").last.map(String.init) ?? ""
        return last.isEmpty ? activity : last
    }

    /// The first of `keys` with a non-empty string value, trimmed and cut to `limit` characters.
    static func value(_ keys: [String], in attrs: Attributes, limit: Int = valueLimit) -> String? {
        for key in keys {
            guard let text = attrs[key]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { continue }
            return cut(text, limit)
        }
        return nil
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        text.count > limit ? String(text.prefix(limit - 1)) + "…" : text
    }
}
