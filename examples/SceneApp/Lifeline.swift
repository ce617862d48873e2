import Foundation
import LifelineRecorder

/// The app's one recorder, created before the first delegate callback records.
///
/// Debug builds (and any build with the `LIFELINE` compilation condition: Build Settings,
/// Active Compilation Conditions) record into `Library/Caches/lifeline`, where
/// `lifeline pull --simulator` finds the traces. Other builds use ``NoOpRecorder``, whose
/// methods are empty and inlined: a release build records nothing and writes no file.
enum Lifeline {
    #if DEBUG || LIFELINE
    static let recorder: any LifecycleRecording = makeRecorder()
    #else
    static let recorder = NoOpRecorder()
    #endif

    /// A recorder writing to the app's caches, or one that records nothing when that cannot
    /// be opened: recording must never stop the app.
    static func makeRecorder() -> any LifecycleRecording {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        do {
            return try Recorder(directory: caches.appendingPathComponent("lifeline"), launch: .current(lifecycle: .scene))
        } catch {
            print("Lifeline is not recording: \(error)")
            return NoOpRecorder()
        }
    }
}
