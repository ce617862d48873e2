// MARK: - Foreground and background

extension UIKitModel {
    /// `open` / `return`: the user brings the app to the foreground.
    ///
    /// - After `home`: `WEF → DBA` for the scenes that were visible (research §4); a scene released
    ///   meanwhile reconnects first, `willConnect` without `config` (§5, WWDC19-246).
    /// - After a background launch: the first scene connects, `[config] → willConnect → WEF → DBA`
    ///   (§2 scenario 4a), or the scene connected in the background comes forward, `WEF → DBA` (4b).
    /// - After a prewarm: `[didFinish] → [protectedDataDidBecomeAvailable] → [config] → willConnect →
    ///   WEF → DBA` (§3 scenario 3a/b, SO 71025205 "gave access to protected data and loaded UI").
    /// - Legacy: `appWEF → appDBA`, also after a background launch that never called `appDEB`
    ///   (jigarm, research N8).
    func open() throws {
        let process = try running("open")
        userPause()
        let application = process.application
        if let stage = process.prewarm {
            process.prewarm = nil
            process.isSuspended = false
            application.environment["ActivePrewarm"] = nil
            if stage == .willFinishDone {
                finishLaunchingAfterWillFinish(process, options: nil)
            }
            process.delegate.applicationProtectedDataDidBecomeAvailable(application)
            gap()
        }
        if lifecycle == .app {
            guard application.applicationState == .background else {
                throw impossible("the app is already in the foreground")
            }
            process.isSuspended = false
            application.applicationState = .inactive
            process.delegate.applicationWillEnterForeground(application)
            turnRunLoop(process)
            advance(UIKitTimings.resumeFrame)
            application.applicationState = .active
            process.delegate.applicationDidBecomeActive(application)
            activated(process)
            turnRunLoop(process)
            presentFirstFrame(process)
            return
        }
        guard process.foregroundScenes.isEmpty else { throw impossible("the app is already in the foreground") }
        var targets = process.visibleBeforeHome.filter { sessions[$0] == .alive }
        if targets.isEmpty, let latest = process.backgroundScenes.last {
            targets = [latest.session.persistentIdentifier]
        }
        var newSessions: Set<String> = []
        if targets.isEmpty {
            let (session, isNew) = sessionToConnect(restoring: false)
            targets = [session]
            if isNew { newSessions.insert(session) }
        }
        process.visibleBeforeHome = []
        bringToForeground(targets, in: process, newSessions: newSessions)
    }

    /// `home`: `WRA → DEB` for every foreground scene, then suspension (research §4, "Home: WRA →
    /// DEB"; legacy `appWRA → appDEB`, §8). With several windows, all resign before any enters
    /// the background ([UNCERTAIN]: no posted multi-window log).
    func home() throws {
        let process = try running("home")
        let application = process.application
        if lifecycle == .app {
            guard application.applicationState != .background else { throw impossible("the app is already in the background") }
            userPause()
            if application.applicationState == .active {
                application.applicationState = .inactive
                process.delegate.applicationWillResignActive(application)
            }
            advance(UIKitTimings.homeAnimation)
            application.applicationState = .background
            process.delegate.applicationDidEnterBackground(application)
            suspend(process)
            return
        }
        let visible = process.foregroundScenes
        guard !visible.isEmpty else { throw impossible("no window is in the foreground") }
        userPause()
        resignActive(visible)
        advance(UIKitTimings.homeAnimation)
        enterBackground(visible)
        process.visibleBeforeHome = visible.map(\.session.persistentIdentifier)
        application.applicationState = .background
        suspend(process)
    }

    /// `interrupt D`: a temporary interruption the user dismisses after `D`: `WRA … DBA`
    /// (research §4: "Interruption: WRA → DBA"; legacy `appWRA → appDBA`).
    func interrupt(for nanoseconds: UInt64) throws {
        let process = try running("interrupt")
        let application = process.application
        if lifecycle == .app {
            guard application.applicationState == .active else { throw impossible("the app is not active") }
            userPause()
            application.applicationState = .inactive
            process.delegate.applicationWillResignActive(application)
            clock.advance(nanoseconds: nanoseconds)
            application.applicationState = .active
            process.delegate.applicationDidBecomeActive(application)
            return
        }
        let active = process.activeScenes
        guard !active.isEmpty else { throw impossible("no window is active") }
        userPause()
        resignActive(active)
        clock.advance(nanoseconds: nanoseconds)
        for scene in active {
            scene.activationState = .foregroundActive
            scene.delegate.sceneDidBecomeActive(scene)
        }
    }

    /// `WRA` for each active scene of `scenes`.
    func resignActive(_ scenes: [SimulatedScene]) {
        for scene in scenes where scene.activationState == .foregroundActive {
            scene.activationState = .foregroundInactive
            scene.delegate.sceneWillResignActive(scene)
        }
    }

    /// `DEB` for each scene of `scenes`.
    func enterBackground(_ scenes: [SimulatedScene]) {
        for scene in scenes {
            scene.activationState = .background
            scene.delegate.sceneDidEnterBackground(scene)
        }
    }
}
