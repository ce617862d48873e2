/// A recorder that keeps nothing: no buffer, no thread, no file.
///
/// For builds and runs that should not record (a release build, a user who opted out), in
/// place of a ``Recorder``. Its methods are inlinable and empty, so where the compiler sees
/// the concrete type (`let recorder = NoOpRecorder()`, not `any LifecycleRecording`) a call
/// compiles to the evaluation of its arguments and nothing else. docs/recorder.md shows how
/// an app chooses between the two at compile time.
public struct NoOpRecorder: LifecycleRecording {
    public init() {}

    @inlinable
    public func recordEvent(
        callback: Callback?, name: String?, phase: Phase, session: String?, scene: String?, attrs: Attributes?
    ) {}

    @inlinable
    public func flush() {}
}
