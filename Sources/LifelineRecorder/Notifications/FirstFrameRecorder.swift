import Foundation
import LifelineCore

/// Records a launch's first frame: the first frame drawn after the app (or its first scene) became
/// active, as a `lifeline.firstFrame` event — where a launch ends for the person waiting for it.
///
/// UIKit says when a scene became active, not when its first frame reached the screen. The first
/// tick of a display link after the first activation is that frame: Datadog, Embrace and Sentry
/// end a launch there too (docs/launches.md). On UIKit, ``uiKit(recorder:center:)`` observes the
/// activation notifications and asks a `CADisplayLink` for the next frame; elsewhere (and in
/// tests) pass the notifications to observe, or call ``becameActive()``, and how to wait for a frame.
///
/// ```swift
/// // In application(_:didFinishLaunchingWithOptions:), kept for the life of the process:
/// firstFrame = FirstFrameRecorder.uiKit(recorder: Lifeline.recorder)
/// ```
///
/// It records once per process: later activations (a scene coming back from the background) are
/// not launches. `lifeline` turns the event into the launch's "first frame" phase and its time to
/// the first frame, which Apple's 400 ms target is about.
public final class FirstFrameRecorder: Sendable {
    /// Asks for `frame` to be called at the next frame the display draws.
    public typealias RequestFrame = @Sendable (_ frame: @escaping @Sendable () -> Void) -> Void

    private enum Progress: Sendable {
        case waitingForActive
        case waitingForFrame
        case recorded
    }

    private let recorder: any LifecycleRecording
    private let requestFrame: RequestFrame
    private let progress = Locked(Progress.waitingForActive)
    private let center: NotificationCenter
    private let tokens = Locked<[ObserverToken]>([])

    /// Waits for the first of `activations` on `center` (none: call ``becameActive()``), then for
    /// the next frame through `requestFrame`, and records it on `recorder`.
    public init(
        recorder: any LifecycleRecording, activations: [Notification.Name] = [], center: NotificationCenter = .default,
        requestFrame: @escaping RequestFrame
    ) {
        self.recorder = recorder
        self.requestFrame = requestFrame
        self.center = center
        let tokens = activations.map { name in
            ObserverToken(center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in self?.becameActive() })
        }
        self.tokens.withLock { $0 = tokens }
    }

    deinit {
        for token in tokens.withLock({ $0 }) { center.removeObserver(token.value) }
    }

    /// Says the app or one of its scenes became active. The first call asks for the next frame;
    /// later calls do nothing.
    public func becameActive() {
        let first = progress.withLock { progress in
            guard case .waitingForActive = progress else { return false }
            progress = .waitingForFrame
            return true
        }
        guard first else { return }
        requestFrame { [self] in frameDrawn() }
    }

    /// Whether the first frame has been recorded.
    public var hasRecorded: Bool {
        progress.withLock { if case .recorded = $0 { true } else { false } }
    }

    private func frameDrawn() {
        let first = progress.withLock { progress in
            guard case .waitingForFrame = progress else { return false }
            progress = .recorded
            return true
        }
        if first { recorder.mark(EventName.firstFrame.name) }
    }
}

extension LifecycleRecording {
    /// Records that the app's first screen shows its content, not placeholders: the end of the
    /// launch as the app defines it, after the first frame (`lifeline.fullyDisplayed`).
    ///
    /// Call it once, when the content a person opened the app for is on screen (the list loaded,
    /// the document drawn). `lifeline` reports the launch's time to it beside its time to the first
    /// frame, as Android's `reportFullyDrawn()` and Sentry's time to full display do.
    ///
    /// ```swift
    /// notes = try await store.loadNotes()
    /// tableView.reloadData()
    /// Lifeline.recorder.reportFullyDisplayed()
    /// ```
    @inlinable
    public func reportFullyDisplayed(attrs: Attributes? = nil) {
        mark(EventName.fullyDisplayed.name, attrs: attrs)
    }
}
