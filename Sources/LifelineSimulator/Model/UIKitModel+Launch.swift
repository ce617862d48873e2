import LifelineFormat

// MARK: - Launch

extension UIKitModel {
    func launch(_ kind: ScenarioCommand.LaunchKind) throws {
        if let process {
            throw impossible(
                "the app is already running (launch \(process.number)); end it with 'swipe-kill', 'terminate' or 'kill'")
        }
        switch kind {
        case .restored where lifecycle == .app:
            throw impossible("'launch restored' needs a scene app: a legacy app has no scene sessions")
        case .background(_, true) where lifecycle == .app:
            throw impossible("'launch background connect' needs a scene app: a legacy app has no scenes")
        default: break
        }
        userPause()
        switch kind {
        case .cold: try launchIntoForeground(restoring: false)
        case .restored: try launchIntoForeground(restoring: true)
        case .background(let event, let connects): try launchIntoBackground(for: event, connectingScene: connects)
        case .prewarm(let split): try prewarm(split: split)
        }
    }

    /// Cold launch (research §1; legacy §8):
    /// scene app `willFinish → didFinish → [discard(pending)] → [config] → willConnect → WEF → DBA`,
    /// `config` only for a new session (SO 63520008, luxmentis: restored sessions skip it);
    /// legacy app `willFinish → didFinish → appDBA`, no `appWEF` on a cold launch (jigarm, research N9).
    private func launchIntoForeground(restoring: Bool) throws {
        let process = try startProcess(prewarmed: false, taskRole: TaskRole.foreground)
        let application = process.application
        // [UNCERTAIN for scene apps] the legacy guide says a foreground launch is `.inactive` in didFinish.
        application.applicationState = .inactive
        finishLaunching(process, options: nil)
        if lifecycle == .app {
            turnRunLoop(process)
            advance(UIKitTimings.firstFrame)
            application.applicationState = .active
            process.delegate.applicationDidBecomeActive(application)
            activated(process)
            turnRunLoop(process)
            presentFirstFrame(process)
            return
        }
        let (session, isNew) = sessionToConnect(restoring: restoring)
        bringToForeground([session], in: process, newSessions: isNew ? [session] : [])
    }

    /// Background launch (research §2): `willFinish → didFinish (state background) → <event handler>`, then
    /// suspended. No `appDEB`/`appWEF`/`appDBA` (openradar 14295449); a scene app connects no scene
    /// (WordPress-iOS#25643) unless `connect` asks for Apple's "system-requested scene":
    /// `[config] → willConnect → <event> → DEB` ([UNCERTAIN], "Managing your app's life cycle").
    /// Scene apps get `nil` launch options (willFinishLaunching docs); legacy ones name the payload.
    private func launchIntoBackground(for event: ScenarioCommand.BackgroundEvent, connectingScene: Bool) throws {
        let process = try startProcess(prewarmed: false, taskRole: TaskRole.nonUI)
        let application = process.application
        application.applicationState = .background
        let options: [String]? = lifecycle == .app && event == .push ? ["remoteNotification"] : nil
        finishLaunching(process, options: options)
        var scene: SimulatedScene?
        if connectingScene {
            let (session, isNew) = sessionToConnect(restoring: false)
            scene = connect(session, isNew: isNew, in: process)
            gap()
        }
        switch event {
        case .push: process.delegate.application(application, didReceiveRemoteNotification: ["kind": "content-available"])
        case .fetch: process.delegate.application(application, performFetchWithCompletionHandler: {})
        }
        if let scene {
            gap()
            scene.activationState = .background
            scene.delegate.sceneDidEnterBackground(scene)
        }
        suspend(process)
    }

    /// Prewarm (research §3, variants b and c): the system runs `willFinish → didFinish` (or, with
    /// `split`, only `willFinish`) and suspends the process until the user opens the app, minutes to
    /// hours later (SO 71025205, forum 706782, sentry-cocoa#1897). No scene connects meanwhile.
    private func prewarm(split: Bool) throws {
        let process = try startProcess(prewarmed: true, taskRole: TaskRole.darwinBG)
        let application = process.application
        application.applicationState = .background
        if split {
            _ = process.delegate.application(application, willFinishLaunchingWithOptions: nil)
            process.prewarm = .willFinishDone
        } else {
            finishLaunching(process, options: nil)
            process.prewarm = .didFinishDone
        }
        suspend(process)
    }

    /// `willFinish → didFinish → [discard(pending)]`; the discard comes "shortly after
    /// application:didFinishLaunchingWithOptions" (Xcode template, research §1).
    func finishLaunching(_ process: SimulatedProcess, options: [String]?) {
        _ = process.delegate.application(process.application, willFinishLaunchingWithOptions: options)
        gap()
        finishLaunchingAfterWillFinish(process, options: options)
    }

    func finishLaunchingAfterWillFinish(_ process: SimulatedProcess, options: [String]?) {
        _ = process.delegate.application(process.application, didFinishLaunchingWithOptions: options)
        gap()
        let pending = sessions.filter { $0.value == .discardPending }.keys.sorted(by: Self.sessionOrder)
        guard lifecycle == .scene, !pending.isEmpty else { return }
        let objects = pending.map {
            SimulatedSceneSession(persistentIdentifier: $0, configuration: .notesDefault, restored: true)
        }
        process.delegate.application(process.application, didDiscardSceneSessions: objects)
        for session in pending { sessions[session] = .discarded }
        gap()
    }

    // MARK: - Sessions

    /// The session a launch or an `open` connects: the most recent alive one, restored without
    /// `config`; else a new one (or, `restoring`, one persisted by an earlier, unrecorded run).
    func sessionToConnect(restoring: Bool) -> (session: String, isNew: Bool) {
        if let recent = recentSessions.last(where: { sessions[$0] == .alive && process?.scene(for: $0) == nil }) {
            return (recent, false)
        }
        let name = newSessionName()
        if restoring {
            sessions[name] = .alive
            recentSessions.append(name)
            return (name, false)
        }
        return (name, true)
    }

    /// The lowest `S<n>` no session of this simulation has had.
    func newSessionName() -> String {
        var number = 1
        while sessions["S\(number)"] != nil { number += 1 }
        return "S\(number)"
    }

    /// `S2` before `S10`.
    static func sessionOrder(_ lhs: String, _ rhs: String) -> Bool {
        (lhs.count, lhs) < (rhs.count, rhs)
    }

    /// `[config] → willConnect` for a session; a new scene object and delegate every time (forum 732170).
    /// `config` only for a new session (WWDC19-246: "existing session whose scene was released:
    /// willConnectToSession" without it).
    func connect(_ id: String, isNew: Bool, in process: SimulatedProcess) -> SimulatedScene {
        let session = SimulatedSceneSession(persistentIdentifier: id, configuration: .notesDefault, restored: !isNew)
        if isNew {
            session.configuration = process.delegate.application(process.application, configurationForConnecting: session)
            sessions[id] = .alive
            gap()
        }
        let delegate = session.configuration.delegateClass.init(context: process.context)
        let scene = SimulatedScene(identity: newSceneIdentity(), session: session, delegate: delegate)
        process.scenes.append(scene)
        delegate.scene(scene, willConnectTo: session)
        return scene
    }

    /// Brings sessions to the foreground: each is connected if it has no scene object, then
    /// `WEF` for each, the first frame renders, `DBA` for each. `WEF` comes for newly connected
    /// scenes too ("occurs both for newly created and connected scenes", sceneWillEnterForeground
    /// docs; forum 732170 launch log). Blocks the app dispatched run while the frame renders.
    func bringToForeground(_ ids: [String], in process: SimulatedProcess, newSessions: Set<String>) {
        process.isSuspended = false
        var scenes: [SimulatedScene] = []
        var connected = false
        for id in ids {
            if let scene = process.scene(for: id) {
                scenes.append(scene)
            } else {
                scenes.append(connect(id, isNew: newSessions.contains(id), in: process))
                connected = true
                gap()
            }
        }
        for scene in scenes {
            scene.activationState = .foregroundInactive
            scene.delegate.sceneWillEnterForeground(scene)
            let id = scene.session.persistentIdentifier
            recentSessions.removeAll { $0 == id }
            recentSessions.append(id)
        }
        turnRunLoop(process)
        advance(connected ? UIKitTimings.firstFrame : UIKitTimings.resumeFrame)
        for scene in scenes {
            scene.activationState = .foregroundActive
            scene.delegate.sceneDidBecomeActive(scene)
            activated(process)
        }
        process.application.applicationState = .active
        turnRunLoop(process)
        presentFirstFrame(process)
    }
}
