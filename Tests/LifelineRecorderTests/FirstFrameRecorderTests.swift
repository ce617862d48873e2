import Foundation
import LifelineCore
import LifelineFormat
import Testing

@testable import LifelineRecorder

/// The first frame after the first activation, recorded once, and the app's "fully displayed"
/// mark; and what `lifeline` makes of them (the launch's "first frame" phase).
@Suite("First frame and full display")
struct FirstFrameRecorderTests {
    /// Frames the test draws by hand: what a display link would call, when the test says.
    final class Display: Sendable {
        private let pending = Locked<[@Sendable () -> Void]>([])
        var requests: Int { pending.withLock { $0.count } }
        func request(_ frame: @escaping @Sendable () -> Void) { pending.withLock { $0.append(frame) } }
        func draw() {
            for frame in pending.withLock({ frames in
                defer { frames = [] }; return frames
            }) { frame() }
        }
    }

    @Test("the first activation asks for a frame; the frame is recorded once; later activations and frames record nothing")
    func recordsTheFirstFrameOnce() {
        let recorder = InMemoryRecorder(launch: LaunchRecord(launch: "F"), clock: .custom { 0 })
        let center = NotificationCenter()
        let activated = Notification.Name("UISceneDidActivateNotification")
        let display = Display()
        let firstFrame = FirstFrameRecorder(recorder: recorder, activations: [activated], center: center) { display.request($0) }
        recorder.record(.sceneDidBecomeActive)
        #expect(display.requests == 0)
        center.post(name: activated, object: nil)
        center.post(name: activated, object: nil)
        #expect(display.requests == 1)
        #expect(!firstFrame.hasRecorded)
        display.draw()
        #expect(firstFrame.hasRecorded)
        firstFrame.becameActive()
        display.draw()
        #expect(display.requests == 0)
        recorder.reportFullyDisplayed(attrs: ["notes": 3])
        #expect(recorder.events.map(\.event) == [EventName(.sceneDidBecomeActive), .firstFrame, .fullyDisplayed])
        #expect(recorder.events.last?.attrs["notes"] == 3)
    }

    @Test("once released it stops observing: a later activation asks for no frame")
    func stopsObservingWhenReleased() {
        let recorder = InMemoryRecorder(launch: LaunchRecord(launch: "F"), clock: .custom { 0 })
        let center = NotificationCenter()
        let activated = Notification.Name("UIApplicationDidBecomeActiveNotification")
        let display = Display()
        var firstFrame: FirstFrameRecorder? = FirstFrameRecorder(recorder: recorder, activations: [activated], center: center) {
            display.request($0)
        }
        #expect(firstFrame?.hasRecorded == false)
        firstFrame = nil
        center.post(name: activated, object: nil)
        #expect(display.requests == 0)
    }

    @Test("a recorded trace with both marks gives the launch its first frame and full display phases")
    func traceGivesPhases() throws {
        let now = Locked<UInt64>(1_000)
        let recorder = InMemoryRecorder(
            launch: LaunchRecord(launch: "F", processStart: -300_000_000, prewarm: false), clock: .custom { now.withLock { $0 } })
        let display = Display()
        let firstFrame = FirstFrameRecorder(recorder: recorder) { display.request($0) }
        func at(_ milliseconds: UInt64, _ callback: Callback) {
            now.withLock { $0 = 1_000 + milliseconds * 1_000_000 }
            recorder.record(callback)
        }
        at(0, .willFinishLaunching)
        at(20, .didFinishLaunching)
        at(40, .willConnectTo)
        at(50, .sceneWillEnterForeground)
        at(80, .sceneDidBecomeActive)
        firstFrame.becameActive()
        now.withLock { $0 = 1_000 + 96_000_000 }
        display.draw()
        now.withLock { $0 = 1_000 + 250_000_000 }
        recorder.reportFullyDisplayed()

        var builder: LaunchAnatomy.Builder?
        for line in recorder.trace.split(separator: "\n") {
            switch try TraceRecord(parsing: String(line)) {
            case .launch(let record): builder = LaunchAnatomy.Builder(record: record)
            case .event(let event): builder?.note(event)
            }
        }
        let anatomy = try #require(builder).finish()
        #expect(anatomy.timeToActive == 380_000_000)
        #expect(anatomy.timeToFirstFrame == 396_000_000)
        #expect(anatomy.timeToFullyDisplayed == 550_000_000)
        #expect(anatomy.slowReason == nil)
    }
}
