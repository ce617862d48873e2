#if canImport(SwiftUI)
import SwiftUI

extension View {
    /// Records this view's scene's `scenePhase`: the phase it saw when it appeared, then every change
    /// (`swiftui.scenePhase`, scope `scene`).
    ///
    /// ```swift
    /// WindowGroup {
    ///     NotesView().recordingScenePhase(Lifeline.recorder)
    /// }
    /// ```
    public func recordingScenePhase(_ recorder: any LifecycleRecording) -> some View {
        modifier(ScenePhaseViewRecording(recorder: recorder))
    }
}

extension Scene {
    /// Records the aggregate `scenePhase` of this scene's instances (for an app's only `WindowGroup`,
    /// the app's) at every change (`swiftui.scenePhase`, scope `app`).
    ///
    /// ```swift
    /// var body: some Scene {
    ///     WindowGroup { NotesView() }.recordingScenePhase(Lifeline.recorder)
    /// }
    /// ```
    public func recordingScenePhase(_ recorder: any LifecycleRecording) -> some Scene {
        ScenePhaseSceneRecording(content: self, recorder: recorder)
    }
}

/// The name a trace gives a phase.
private func name(of phase: ScenePhase) -> String {
    switch phase {
    case .active: "active"
    case .inactive: "inactive"
    case .background: "background"
    @unknown default: String(describing: phase)
    }
}

private struct ScenePhaseViewRecording: ViewModifier {
    let recorder: any LifecycleRecording
    @Environment(\.scenePhase) private var phase

    func body(content: Content) -> some View {
        #if os(visionOS)
        content
            .onAppear { recorder.recordScenePhase(name(of: phase), scope: .scene, initial: true) }
            .onChange(of: phase) { _, phase in recorder.recordScenePhase(name(of: phase), scope: .scene) }
        #else
        // The one-argument form: the package's deployment targets predate the two-argument one.
        content
            .onAppear { recorder.recordScenePhase(name(of: phase), scope: .scene, initial: true) }
            .onChange(of: phase) { phase in recorder.recordScenePhase(name(of: phase), scope: .scene) }
        #endif
    }
}

private struct ScenePhaseSceneRecording<Content: Scene>: Scene {
    let content: Content
    let recorder: any LifecycleRecording
    @Environment(\.scenePhase) private var phase

    var body: some Scene {
        #if os(visionOS)
        content.onChange(of: phase) { _, phase in recorder.recordScenePhase(name(of: phase), scope: .app) }
        #else
        content.onChange(of: phase) { phase in recorder.recordScenePhase(name(of: phase), scope: .app) }
        #endif
    }
}
#endif
