/// What records an app's life cycle: the role ``Recorder`` plays, and the stand-ins an app puts
/// in its place in unit tests (``InMemoryRecorder``) or when recording is off (``NoOpRecorder``).
///
/// App code that takes its recorder as a dependency asks for this protocol, the way code that
/// logs takes a swift-log `Logger` whatever its handler:
///
/// ```swift
/// final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
///     var recorder: any LifecycleRecording = Lifeline.recorder  // an InMemoryRecorder in its tests
///
///     func sceneDidBecomeActive(_ scene: UIScene) {
///         recorder.record(.sceneDidBecomeActive, scene: scene)
///     }
/// }
/// ```
///
/// A conforming type implements ``recordEvent(callback:name:phase:session:scene:attrs:)`` and
/// ``flush()``; `record`, `mark` and `span` are written once, here, on top of them.
public protocol LifecycleRecording: Sendable {
    /// Records one event: the UIKit `callback`, or when it is `nil` the app-defined event `name`.
    ///
    /// Returns at once, on the caller's thread. The conveniences (`record`, `mark`, `span`) call
    /// this; call them rather than this.
    func recordEvent(callback: Callback?, name: String?, phase: Phase, session: String?, scene: String?, attrs: Attributes?)

    /// Blocks until every event recorded before the call is wherever this recorder keeps them.
    func flush()
}

// MARK: - Recording

extension LifecycleRecording {
    /// Records a UIKit callback.
    ///
    /// - Parameters:
    ///   - callback: The delegate method being called.
    ///   - phase: `.begin`/`.end` around the method's body, or `.instant`.
    ///   - session: The scene session's `persistentIdentifier` (scene callbacks).
    ///   - scene: The `UIScene` object's identity (scene callbacks); on UIKit,
    ///     `record(_:phase:scene:attrs:)` with the `UIScene` fills in both.
    ///   - attrs: Further facts, such as launch options or the session role.
    @inlinable
    public func record(
        _ callback: Callback, phase: Phase = .instant, session: String? = nil, scene: String? = nil,
        attrs: Attributes? = nil
    ) {
        recordEvent(callback: callback, name: nil, phase: phase, session: session, scene: scene, attrs: attrs)
    }

    /// Records an app-defined event such as `db.open` or `state.save`.
    ///
    /// A name that is a callback alias (`"didFinishLaunching"`) is recorded as that callback.
    @inlinable
    public func mark(
        _ name: String, phase: Phase = .instant, session: String? = nil, scene: String? = nil,
        attrs: Attributes? = nil
    ) {
        recordEvent(callback: nil, name: name, phase: phase, session: session, scene: scene, attrs: attrs)
    }

    /// Records `callback` as a begin/end pair around `body`, which gives it a duration.
    @inlinable
    public func span<Result>(
        _ callback: Callback, session: String? = nil, scene: String? = nil, attrs: Attributes? = nil,
        _ body: () throws -> Result
    ) rethrows -> Result {
        record(callback, phase: .begin, session: session, scene: scene, attrs: attrs)
        defer { record(callback, phase: .end, session: session, scene: scene) }
        return try body()
    }

    /// Records an app-defined event as a begin/end pair around `body`.
    @inlinable
    public func span<Result>(
        _ name: String, session: String? = nil, scene: String? = nil, attrs: Attributes? = nil,
        _ body: () throws -> Result
    ) rethrows -> Result {
        mark(name, phase: .begin, session: session, scene: scene, attrs: attrs)
        defer { mark(name, phase: .end, session: session, scene: scene) }
        return try body()
    }
}
