// MARK: - Windows (iPad)

extension UIKitModel {
    /// `open-window S`: a new window is `config → willConnect → WEF → DBA`; a session whose scene
    /// was released reconnects without `config`; a connected background scene is `WEF → DBA`
    /// (research §7, WWDC19-246 via mackuba.eu notes). Other windows keep their state
    /// (side by side; [UNCERTAIN] whether one loses focus).
    func openWindow(_ id: String) throws {
        try requireWindows("open-window")
        let process = try running("open-window")
        switch sessions[id] {
        case .discarded?, .discardPending?:
            throw impossible("session '\(id)' was discarded and cannot return; open a new window instead")
        case .alive?:
            if process.scene(for: id)?.activationState.isForeground == true {
                throw impossible("window '\(id)' is already in the foreground")
            }
        case nil:
            break
        }
        userPause()
        bringToForeground([id], in: process, newSessions: sessions[id] == nil ? [id] : [])
    }

    /// `hide S`: window `S` leaves the screen while the app stays: `[WRA] → DEB` for it alone.
    func hide(_ id: String) throws {
        try requireWindows("hide")
        let process = try running("hide")
        guard let scene = process.scene(for: id), scene.activationState.isForeground else {
            throw impossible("window '\(id)' is not in the foreground")
        }
        userPause()
        resignActive([scene])
        advance(UIKitTimings.homeAnimation)
        enterBackground([scene])
        if process.foregroundScenes.isEmpty {
            process.application.applicationState = .background
            suspend(process)
        }
    }

    /// `close-window S`: the window is closed for good: `[WRA → DEB] → disconnect → discard`
    /// (research §7 scenario 15, [DOC] order assumed). Closing the last window ends the process
    /// instead of discarding at once (douglashill.co FB6185896); the next launch reports the discard.
    func closeWindow(_ id: String) throws {
        try requireWindows("close-window")
        let process = try running("close-window")
        guard let scene = process.scene(for: id) else { throw impossible("window '\(id)' is not connected") }
        userPause()
        process.isSuspended = false
        if scene.activationState.isForeground {
            resignActive([scene])
            advance(UIKitTimings.homeAnimation)
            enterBackground([scene])
        }
        gap()
        disconnect(scene, from: process)
        guard !process.scenes.isEmpty else {
            sessions[id] = .discardPending
            try endProcess()
            return
        }
        gap()
        process.delegate.application(process.application, didDiscardSceneSessions: [scene.session])
        sessions[id] = .discarded
        if process.foregroundScenes.isEmpty {
            process.application.applicationState = .background
            suspend(process)
        }
    }

    /// `disconnect` for a scene: its object (and delegate) are released; the session lives on.
    func disconnect(_ scene: SimulatedScene, from process: SimulatedProcess) {
        scene.delegate.sceneDidDisconnect(scene)
        scene.activationState = .unattached
        process.scenes.removeAll { $0 === scene }
    }

    private func requireWindows(_ command: String) throws {
        if lifecycle == .app { throw impossible("'\(command)' needs a scene app: a legacy app has one window") }
        if !device.hasPrefix("iPad") {
            throw impossible("'\(command)' needs an iPad (say 'device iPad13,4' first): an iPhone shows one window")
        }
    }
}
