import LifelineCore

/// Whose SwiftUI scene phase an event records.
public enum ScenePhaseScope: String, Sendable {
    /// One scene's phase, read in a view (`View.recordingScenePhase(_:)`).
    case scene
    /// The aggregate of all the instances of a `Scene` (for an `App`'s only `WindowGroup`, the app's),
    /// read in a scene (`Scene.recordingScenePhase(_:)`).
    case app
}

extension LifecycleRecording {
    /// Records a SwiftUI scene phase as `swiftui.scenePhase` with `attrs.phase` and `attrs.scope`.
    ///
    /// SwiftUI's modifiers (`recordingScenePhase(_:)`) call this; call it yourself where you read
    /// `scenePhase` another way. `phase` is the phase's name: `active`, `inactive` or `background`.
    /// `initial` marks the phase a view or scene saw when it appeared, which is not a change.
    public func recordScenePhase(_ phase: String, scope: ScenePhaseScope, initial: Bool = false) {
        var attrs: Attributes = ["phase": .string(phase), "scope": .string(scope.rawValue)]
        if initial { attrs["initial"] = .bool(true) }
        mark(EventName.scenePhase.name, attrs: attrs)
    }

    /// Records that a SwiftUI app's `App.init()` ran (`swiftui.app.init`): it runs before UIKit calls
    /// the app's delegate adaptor, and a trace shows the order.
    ///
    /// ```swift
    /// @main struct NotesApp: App {
    ///     init() { Lifeline.recorder.recordAppInit() }
    /// }
    /// ```
    public func recordAppInit() {
        mark(EventName.appInit.name)
    }
}
