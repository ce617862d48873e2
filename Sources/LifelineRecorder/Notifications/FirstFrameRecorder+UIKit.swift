#if canImport(UIKit)
import QuartzCore
import UIKit

extension FirstFrameRecorder {
    /// Records the first frame after the first `UIScene.didActivateNotification` or
    /// `UIApplication.didBecomeActiveNotification` (scene and legacy apps), at a display link's first tick.
    public static func uiKit(recorder: any LifecycleRecording, center: NotificationCenter = .default) -> FirstFrameRecorder {
        FirstFrameRecorder(
            recorder: recorder, activations: [UIScene.didActivateNotification, UIApplication.didBecomeActiveNotification],
            center: center
        ) { frame in
            // UIKit posts these on the main thread; a display link runs on the main run loop.
            if Thread.isMainThread {
                MainActor.assumeIsolated { NextFrame.request(frame) }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { NextFrame.request(frame) } }
            }
        }
    }
}

/// A display link that calls once, at its first tick, and stops.
@MainActor
private final class NextFrame: NSObject {
    private let frame: @Sendable () -> Void

    private init(_ frame: @escaping @Sendable () -> Void) { self.frame = frame }

    static func request(_ frame: @escaping @Sendable () -> Void) {
        // The link holds its target until it is invalidated; the run loop holds the link.
        let link = CADisplayLink(target: NextFrame(frame), selector: #selector(tick(_:)))
        link.add(to: .main, forMode: .common)
    }

    @objc private func tick(_ link: CADisplayLink) {
        link.invalidate()
        frame()
    }
}
#endif
