// MARK: - Memory pressure and the end of a process

extension UIKitModel {
    /// `memory-pressure`: a running app gets `applicationDidReceiveMemoryWarning`; every background
    /// scene is released, `disconnect` (research §5: "UIKit may also disconnect a scene in order to
    /// reclaim memory", sceneDidDisconnect docs; WWDC19-258 "after some time, the system will release
    /// your scene"). Sessions survive: `open` reconnects them without `config`.
    func memoryPressure() throws {
        let process = try running("memory-pressure")
        userPause()
        if lifecycle == .app {
            guard !process.isSuspended else {
                throw impossible("a suspended legacy app has no scenes to release; the system kills it instead: use 'kill'")
            }
            process.delegate.applicationDidReceiveMemoryWarning(process.application)
            return
        }
        let background = process.backgroundScenes
        guard !background.isEmpty else { throw impossible("no background window to release") }
        if !process.isSuspended {
            process.delegate.applicationDidReceiveMemoryWarning(process.application)
            gap()
        }
        for scene in background {
            disconnect(scene, from: process)
            gap()
        }
    }

    /// `swipe-kill [S] [fast] [keep-session]` (research §6, scenarios 10, 11 and 14).
    ///
    /// - A suspended app: no callbacks at all (SO 71570813: "you already received
    ///   sceneDidEnterBackground"); the process just ends.
    /// - A running scene app: `WRA → disconnect → willTerminate` (forum 732170 log: no `DEB` before
    ///   `disconnect`; the termination path posts willTerminate, flutter_background_geolocation#790,
    ///   WebDriverAgent#1005).
    /// - `fast` (forum 732170's second log): `WRA → disconnect`, then a new scene object of the same
    ///   session `willConnect → WEF → DEB`, and the process ends without `willTerminate`.
    /// - Legacy: `[appWRA] → appDEB → willTerminate` (SO 71570813: "sceneDidEnterBackground,
    ///   applicationWillTerminate"); `fast`: `appWRA → appWEF → appDEB` (forum 732170 AppDelegate note).
    /// - One window `S` of several (iPad): `[WRA] → disconnect`; no discard now (ibrahimtasdemir.com.tr).
    /// - The killed sessions are discarded and reported at the next launch (WWDC19-258 "may be called
    ///   on the next launch instead"), unless `keep-session` (FB9855914: state kept, session restored).
    func swipeKill(_ options: ScenarioCommand.SwipeKill) throws {
        let process = try running("swipe-kill")
        if lifecycle == .app {
            if let scene = options.scene { throw impossible("'swipe-kill \(scene)' needs a scene app: a legacy app has one window") }
            userPause()
            try killLegacy(process, fast: options.fast)
            return
        }
        if let id = options.scene {
            guard let scene = process.scene(for: id) else { throw impossible("window '\(id)' is not connected") }
            if process.scenes.count > 1 {
                userPause()
                if scene.activationState == .foregroundActive {
                    resignActive([scene])
                }
                advance(UIKitTimings.switcher)
                disconnect(scene, from: process)
                if !options.keepsSession { sessions[id] = .discardPending }
                if process.foregroundScenes.isEmpty {
                    process.application.applicationState = .background
                    suspend(process)
                }
                return
            }
        }
        userPause()
        // Swiping the last connected window away ends the process but discards only that window's session.
        let killed = options.scene.map { [$0] } ?? recentSessions.filter { sessions[$0] == .alive }
        if !process.isSuspended {
            let visible = process.foregroundScenes
            resignActive(visible)
            advance(UIKitTimings.switcher)
            if options.fast, let first = visible.first ?? process.scenes.first {
                let id = first.session.persistentIdentifier
                disconnect(first, from: process)
                gap()
                let again = connect(id, isNew: false, in: process)
                gap()
                again.activationState = .foregroundInactive
                again.delegate.sceneWillEnterForeground(again)
                gap()
                enterBackground([again])
            } else {
                for scene in process.scenes {
                    disconnect(scene, from: process)
                    gap()
                }
                process.delegate.applicationWillTerminate(process.application)
            }
        }
        if !options.keepsSession {
            for id in killed { sessions[id] = .discardPending }
            recentSessions.removeAll { sessions[$0] != .alive }
        }
        try endProcess()
    }

    private func killLegacy(_ process: SimulatedProcess, fast: Bool) throws {
        let application = process.application
        if !process.isSuspended {
            if application.applicationState == .active {
                application.applicationState = .inactive
                process.delegate.applicationWillResignActive(application)
            }
            advance(UIKitTimings.switcher)
            if fast {
                process.delegate.applicationWillEnterForeground(application)
                gap()
                application.applicationState = .background
                process.delegate.applicationDidEnterBackground(application)
            } else {
                application.applicationState = .background
                process.delegate.applicationDidEnterBackground(application)
                gap()
                process.delegate.applicationWillTerminate(application)
            }
        }
        try endProcess()
    }

    /// `terminate`: the system ends a running app: `[WRA → DEB] → disconnect (each scene) →
    /// willTerminate` (research §6 scenario 12; applicationWillTerminate docs: "may be called in
    /// situations where the app is running … and the system needs to terminate it"). A suspended app
    /// gets nothing ("generally not called" for suspended apps), as with `kill`. Sessions survive.
    func terminate() throws {
        let process = try running("terminate")
        userPause()
        if !process.isSuspended {
            let application = process.application
            if lifecycle == .app {
                if application.applicationState == .active {
                    application.applicationState = .inactive
                    process.delegate.applicationWillResignActive(application)
                    gap()
                }
                if application.applicationState == .inactive {
                    application.applicationState = .background
                    process.delegate.applicationDidEnterBackground(application)
                    gap()
                }
            } else {
                let visible = process.foregroundScenes
                resignActive(visible)
                enterBackground(visible)
                for scene in process.scenes {
                    gap()
                    disconnect(scene, from: process)
                }
                gap()
            }
            process.delegate.applicationWillTerminate(application)
        }
        try endProcess()
    }

    /// `kill`: the process dies with no callback at all: jetsam while suspended, a crash, the
    /// watchdog (research N3, applicationWillTerminate docs). Sessions survive.
    func kill() throws {
        _ = try running("kill")
        userPause()
        try endProcess()
    }
}
