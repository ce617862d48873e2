/// The name of a traced event: a catalog callback or an app-defined event.
///
/// Creating an `EventName` normalises every alias of a known callback to its
/// canonical selector form, so `EventName("willConnectTo")` and
/// `EventName("scene(_:willConnectTo:options:)")` are equal. Any other string
/// names an app-defined event (`db.open`, `state.save`) and is kept as is.
public struct EventName: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The canonical spelling written to traces and stored in the database.
    public let name: String

    /// The catalog callback, or `nil` for an app-defined event.
    public let callback: Callback?

    /// Creates the name of a catalog callback.
    public init(_ callback: Callback) {
        self.name = callback.name
        self.callback = callback
    }

    /// Creates a name from any spelling, normalising callback aliases.
    public init(_ spelling: String) {
        let callback = Callback(named: spelling)
        self.name = callback?.name ?? spelling
        self.callback = callback
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Whether this is an app-defined event rather than a UIKit callback.
    public var isAppDefined: Bool { callback == nil }

    public var description: String { name }

    public static func == (lhs: EventName, rhs: EventName) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public static func < (lhs: EventName, rhs: EventName) -> Bool { lhs.name < rhs.name }
}

extension EventName {
    /// The event a recorder writes when it had to drop events; `attrs.count`
    /// holds how many were lost since the previous such event.
    public static let dropped = EventName("lifeline.dropped")

    /// The event a recorder writes at the first frame after the app (or its first scene) became
    /// active: where a launch ends for a person looking at the screen (`FirstFrameRecorder`).
    public static let firstFrame = EventName("lifeline.firstFrame")

    /// The event an app records when its first screen shows its content, not placeholders
    /// (`reportFullyDisplayed()`): time to full display, as Android's `reportFullyDrawn()`.
    public static let fullyDisplayed = EventName("lifeline.fullyDisplayed")

    /// A SwiftUI scene phase: `attrs.phase` is `active`, `inactive` or `background`, `attrs.scope`
    /// `scene` (one scene's, from a view) or `app` (the aggregate of a `Scene`'s instances).
    public static let scenePhase = EventName("swiftui.scenePhase")

    /// A SwiftUI app's `App.init()`, which runs before UIKit calls its delegate adaptor.
    public static let appInit = EventName("swiftui.app.init")
}
