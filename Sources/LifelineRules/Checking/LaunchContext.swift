/// What the runtimes need to name the slices of the current launch.
final class LaunchContext {
    var trace = ""
    /// The launch identifier, or `file:line` of its record when it has none.
    var launch = ""
    /// Session identifiers by slot.
    var sessions: [String] = []
    /// Scene identifiers by slot.
    var scenes: [String] = []
    var sessionSlots: [String: Int32] = [:]
    var sceneSlots: [String: Int32] = [:]

    func reset(trace: String, launch: String) {
        self.trace = trace
        self.launch = launch
        sessions.removeAll(keepingCapacity: true)
        scenes.removeAll(keepingCapacity: true)
        sessionSlots.removeAll(keepingCapacity: true)
        sceneSlots.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    func sessionSlot(_ session: String) -> Int32 {
        if let slot = sessionSlots[session] { return slot }
        let slot = Int32(sessions.count)
        sessions.append(session)
        sessionSlots[session] = slot
        return slot
    }

    @inline(__always)
    func sceneSlot(_ scene: String) -> Int32 {
        if let slot = sceneSlots[scene] { return slot }
        let slot = Int32(scenes.count)
        scenes.append(scene)
        sceneSlots[scene] = slot
        return slot
    }
}
