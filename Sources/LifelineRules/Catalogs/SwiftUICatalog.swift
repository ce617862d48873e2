extension BuiltinCatalog {
    /// SwiftUI's scene phases (iOS 14+), as `swiftui.scenePhase`: what `recordingScenePhase(_:)`
    /// records and what console logs print. A SwiftUI app's windows are UIKit scenes, so its
    /// launches are scene launches (`when lifecycle = scene`), and the scene catalog's rules judge its
    /// delegate adaptor's callbacks (`scene.no-app-state-callbacks`: the adaptor gets no foreground or
    /// background callback, scene delegate or not). The evidence: docs/research/uikit-lifecycle.md
    /// section 14 (S*).
    ///
    /// Judged: what SwiftUI's phase does at launch and between the foreground and the background,
    /// as the evidence shows it on iOS. The transitions are judged on the app's phase (scope `app`)
    /// alone: a view's readings (scope `scene`, and a console log's, which does not say whose) name no
    /// scene, several windows' readings interleave, and a view's phase has been seen to skip inactive
    /// when the device locks (S5). Deliberately absent: a rule for the force-quit of an app
    /// in the background, which changes no phase (S3): the trace then ends on `background`, as it does
    /// when iOS ends a suspended app, so there is nothing to flag (the launch's ending says it,
    /// docs/launches.md); and any order between a phase and the scene delegate's callbacks, which
    /// Apple does not document: `queries/scene-phase-order.sql` reports the order each OS shows.
    static let swiftUIText = #"""
        # swiftui: SwiftUI's scene phases (iOS 14+), recorded as swiftui.scenePhase.

        rule swiftui.launch-starts-inactive warning per launch {
          when lifecycle = scene
          message "a launch's scene phase is inactive before it is active: a first reading that is already active was read after the launch became active, so the trace does not show how it did"
          reference "https://jessesquires.com/blog/2024/06/29/swiftui-scene-phase/ (iOS): 'Initial app launch: inactive > active', with initial: true 'from inactive to inactive, then ... active' (S1)"
          # From the launch's start (lifeline.launch) to its first reading that is not an initial active one.
          after lifeline.launch until swiftui.scenePhase[attrs.phase != active] | swiftui.scenePhase[initial != true]: never swiftui.scenePhase[attrs.phase = active, initial = true]
        }

        rule swiftui.foreground-through-inactive warning per launch {
          when lifecycle = scene
          message "the app's scene phase comes back from the background through inactive, not straight to active"
          reference "https://jessesquires.com/blog/2024/06/29/swiftui-scene-phase/ (iOS): 'Return to foreground: background > inactive > active'; UIScene.ActivationState: a scene transits through foregroundInactive (S2)"
          after swiftui.scenePhase[attrs.phase = background, scope = app] until swiftui.scenePhase[attrs.phase = inactive, scope = app]: never swiftui.scenePhase[attrs.phase = active, scope = app]
        }

        rule swiftui.background-through-inactive warning per launch {
          when lifecycle = scene
          message "the app's scene phase goes to the background through inactive, not straight from active"
          reference "https://jessesquires.com/blog/2024/06/29/swiftui-scene-phase/ (iOS): 'Move to background: active > inactive > background', and a termination from active too; sceneWillResignActive before sceneDidEnterBackground (W3, S2)"
          after swiftui.scenePhase[attrs.phase = active, scope = app] until swiftui.scenePhase[attrs.phase = inactive, scope = app]: never swiftui.scenePhase[attrs.phase = background, scope = app]
        }
        """#
}
