import Foundation
import LifelineCore

/// A recorder that keeps its events in memory: for an app's own unit tests of its delegates.
///
/// It records what a ``Recorder`` would write, as ``EventRecord``s with `seq` from 1 and `t`
/// from its clock, and can hand them back as a trace file's text for `lifeline check`:
///
/// ```swift
/// @Test @MainActor func savingStateIsRecordedInTheBackground() {
///     let recorder = InMemoryRecorder()
///     let delegate = SceneDelegate()
///     delegate.recorder = recorder
///     delegate.sceneDidEnterBackground(scene)
///     #expect(recorder.callbacks == [.sceneDidEnterBackground])
///     #expect(recorder.events.contains { $0.event.name == "state.save" })
/// }
/// ```
///
/// Unlike ``Recorder`` it takes a lock on every call and keeps everything: it is for tests,
/// not for an app's hot paths.
public final class InMemoryRecorder: LifecycleRecording {
    /// The launch record ``trace`` starts with.
    public let launch: LaunchRecord

    private let clock: RecorderClock
    private let origin: UInt64
    private let state = Locked(State())

    private struct State: Sendable {
        var events: [EventRecord] = []
        var lastTime: Int64 = 0
    }

    /// A recorder for `launch` whose times come from `clock` (``RecorderClock/custom(_:)`` makes
    /// them deterministic).
    public init(launch: LaunchRecord = .current(), clock: RecorderClock = .monotonic) {
        let origin = clock.now()
        self.launch = ProcessStart.placed(in: launch, clock: clock, origin: origin)
        self.clock = clock
        self.origin = origin
    }

    public func recordEvent(
        callback: Callback?, name: String?, phase: Phase, session: String?, scene: String?, attrs: Attributes?
    ) {
        let event = callback.map(EventName.init) ?? EventName(name ?? "")
        let thread: String? = Thread.isMainThread ? "main" : nil
        let now = clock.now()
        state.withLock { state in
            // The clock's own reading, clamped so `t` never goes backwards (as the recorder's writer does).
            let elapsed = now >= origin ? Int64(clamping: now - origin) : 0
            state.lastTime = max(state.lastTime, elapsed)
            state.events.append(
                EventRecord(
                    seq: Int64(state.events.count + 1), t: state.lastTime, event: event, phase: phase, session: session,
                    scene: scene, thread: thread, attrs: attrs ?? [:]))
        }
    }

    /// Does nothing: every event is in ``events`` as soon as it is recorded.
    public func flush() {}

    /// Every event recorded so far, in the order recorded.
    public var events: [EventRecord] { state.withLock { $0.events } }

    /// The UIKit callbacks recorded so far, in order, once per call (a span's begin, not its
    /// end); app-defined events left out.
    public var callbacks: [Callback] {
        events.compactMap { $0.phase == .end ? nil : $0.event.callback }
    }

    /// Forgets every event recorded so far; `seq` starts again from 1.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// What a ``Recorder`` would have written: the launch line and every event, as trace
    /// format v1 NDJSON (docs/trace-format.md), ready for `lifeline check`.
    public var trace: String {
        var bytes: [UInt8] = []
        TraceEncoder.append(launch, to: &bytes)
        for event in events { TraceEncoder.append(event, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
