/// What the runtimes need to name the slices of the current launch.
///
/// Sessions and scenes are numbered in the order the launch first names them.
/// Consecutive events usually name the same session and scene, so the last
/// identifier resolved of each is kept: comparing it costs far less than
/// hashing the identifier again.
struct LaunchContext {
    var trace = ""
    /// The launch identifier, or `file:line` of its record when it has none.
    var launch = ""
    /// Session identifiers by slot.
    private(set) var sessions: [String] = []
    /// Scene identifiers by slot.
    private(set) var scenes: [String] = []
    private var sessionSlots: [String: Int32] = [:]
    private var sceneSlots: [String: Int32] = [:]
    private var lastSession = ""
    private var lastSessionSlot: Int32 = -1
    private var lastScene = ""
    private var lastSceneSlot: Int32 = -1
    /// The slots of the sessions the current `didDiscardSceneSessions` names.
    var discardedSlots: [Int32] = []
    /// The sessions of the whole trace, for `per session across launches` rules.
    private(set) var sessionKeys = SessionKeys()
    /// Slot in the current launch → key in ``sessionKeys``, -1 until a rule asks.
    private var keyOfSessionSlot: [Int32] = []
    /// Slots that stand in for an identity the trace does not give: the launch's one unnamed
    /// session, and the scene of a session whose scene events name no scene. Slice keys leave
    /// their names out.
    private(set) var standInSessions: Set<Int32> = []
    private(set) var standInScenes: Set<Int32> = []
    /// Which launch of the trace this is, so that one launch's unnamed session is not another's.
    private var launchNumber = 0

    /// Starts a trace: its sessions are new ones, whatever their identifiers.
    mutating func beginTrace() { sessionKeys.removeAll() }

    mutating func reset(trace: String, launch: String) {
        self.trace = trace
        self.launch = launch
        sessions.removeAll(keepingCapacity: true)
        scenes.removeAll(keepingCapacity: true)
        sessionSlots.removeAll(keepingCapacity: true)
        sceneSlots.removeAll(keepingCapacity: true)
        keyOfSessionSlot.removeAll(keepingCapacity: true)
        standInSessions.removeAll()
        standInScenes.removeAll()
        launchNumber += 1
        lastSessionSlot = -1
        lastSceneSlot = -1
    }

    /// The launch's one session for scene events that name none (a console line).
    mutating func unnamedSession() -> Int32 {
        let slot = Self.slot("\u{0}session of launch \(launchNumber)", in: &sessionSlots, names: &sessions)
        standInSessions.insert(slot)
        return slot
    }

    /// The one scene of the session in `slot`, for its scene events that name no scene.
    mutating func standInScene(forSession slot: Int32) -> Int32 {
        let scene = Self.slot("\u{0}scene of session \(slot)", in: &sceneSlots, names: &scenes)
        standInScenes.insert(scene)
        return scene
    }

    /// A stored identifier as slice keys show it: nil for a stand-in's, whose names start with NUL.
    /// (A trace could spell such a name itself; it would then share the stand-in's slice, which
    /// changes no verdict it could not change by naming a session twice.)
    static func shownName(_ stored: String) -> String? { stored.utf8.first == 0 ? nil : stored }

    /// A session's identifier as slice keys show it: nil for the launch's unnamed session.
    func sessionName(_ slot: Int32) -> String? { standInSessions.contains(slot) ? nil : sessions[Int(slot)] }

    /// A scene's identity as slice keys show it: nil for a scene that stands in for its session's.
    func sceneName(_ slot: Int32) -> String? { standInScenes.contains(slot) ? nil : scenes[Int(slot)] }

    @inline(__always)
    mutating func sessionSlot(_ session: String) -> Int32 {
        if lastSessionSlot >= 0 && session == lastSession { return lastSessionSlot }
        let slot = Self.slot(session, in: &sessionSlots, names: &sessions)
        lastSession = session
        lastSessionSlot = slot
        return slot
    }

    /// The trace-wide key of the session in a slot of the current launch.
    mutating func sessionKey(_ slot: Int32) -> Int32 {
        let index = Int(slot)
        if index < keyOfSessionSlot.count, keyOfSessionSlot[index] >= 0 { return keyOfSessionSlot[index] }
        while keyOfSessionSlot.count <= index { keyOfSessionSlot.append(-1) }
        let key = sessionKeys.key(of: sessions[index])
        keyOfSessionSlot[index] = key
        return key
    }

    @inline(__always)
    mutating func sceneSlot(_ scene: String) -> Int32 {
        if lastSceneSlot >= 0 && scene == lastScene { return lastSceneSlot }
        let slot = Self.slot(scene, in: &sceneSlots, names: &scenes)
        lastScene = scene
        lastSceneSlot = slot
        return slot
    }

    /// The slot of a session identifier given as UTF-8 bytes; a `String` is made only when it is not the last one.
    @inline(__always)
    mutating func sessionSlot(bytes: UnsafeRawBufferPointer) -> Int32 {
        if lastSessionSlot >= 0 && Self.equal(lastSession, bytes) { return lastSessionSlot }
        return sessionSlot(String(decoding: bytes, as: UTF8.self))
    }

    /// The slot of a scene identifier given as UTF-8 bytes; a `String` is made only when it is not the last one.
    @inline(__always)
    mutating func sceneSlot(bytes: UnsafeRawBufferPointer) -> Int32 {
        if lastSceneSlot >= 0 && Self.equal(lastScene, bytes) { return lastSceneSlot }
        return sceneSlot(String(decoding: bytes, as: UTF8.self))
    }

    /// Whether a string's UTF-8 is exactly `bytes`.
    @inline(__always)
    static func equal(_ string: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == bytes.count else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            stored.elementsEqual(bytes)
        } ?? utf8.elementsEqual(bytes)
    }

    private static func slot(_ name: String, in slots: inout [String: Int32], names: inout [String]) -> Int32 {
        if let slot = slots[name] { return slot }
        let slot = Int32(names.count)
        names.append(name)
        slots[name] = slot
        return slot
    }
}
