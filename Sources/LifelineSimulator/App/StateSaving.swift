import LifelineRecorder

/// How the sample app saves its state when it goes to the background, shared by
/// `sceneDidEnterBackground(_:)` and the legacy `applicationDidEnterBackground(_:)`.
enum StateSaving {
    /// Saves (records a `state.save` span) and, with the faults, does it late or blocks.
    static func save(context: AppContext, session: String?, scene: String?) {
        let recorder = context.recorder
        if context.faults.lateSave {
            // BUG (fault late-save): the save runs after the callback returned, racing suspension.
            context.mainQueue.async {
                recorder.span("state.save", session: session, scene: scene) { context.perform(.saveState) }
                recorder.flush()
            }
        } else {
            recorder.span("state.save", session: session, scene: scene) { context.perform(.saveState) }
        }
        if let blocking = context.faults.blockBackground {
            // BUG (fault block-background): a synchronous upload holds the callback past UIKit's ~5 s.
            recorder.span("sync.upload", session: session, scene: scene) { context.perform(.upload(nanoseconds: blocking)) }
        }
    }
}
