import LifelineFormat

/// Generates large, realistic traces: many launches, one to four sessions each,
/// begin/end spans around the launch and background callbacks, app events with
/// attributes in between. Deterministic for a seed.
public struct TraceGenerator {
    public struct Row {
        var launch: Int
        var event: EventRecord
        var line: Int
    }

    public var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// Calls `launch` for each launch record and `event` for each event, about `events` events in all.
    public mutating func generate(events target: Int, launch: (Int, LaunchRecord) -> Void, event: (Int, EventRecord) -> Void) {
        var produced = 0
        var launchIndex = 0
        while produced < target {
            launchIndex += 1
            launch(
                launchIndex,
                LaunchRecord(
                    launch: "L\(launchIndex)-\(generator.next() % 1_000_000)", pid: Int64(1000 + launchIndex),
                    app: "com.example.Notes", platform: "iOS", os: "17.5", device: "iPhone15,2", lifecycle: .scene,
                    started: "2026-11-21T10:00:00.000Z"))
            var seq: Int64 = 0
            var t: Int64 = 0
            func emit(
                _ name: EventName, _ phase: Phase = .instant, session: String? = nil, scene: String? = nil,
                attrs: Attributes = [:]
            ) {
                seq += 1
                t += Int64(generator.next() % 2_000_000) + 1000
                event(
                    launchIndex,
                    EventRecord(
                        seq: seq, t: t, event: name, phase: phase, session: session,
                        scene: scene, thread: "main", attrs: attrs))
                produced += 1
            }
            emit(EventName(.didFinishLaunching), .begin)
            emit("db.open", attrs: ["path": "notes.sqlite", "pages": .int(Int64(generator.next() % 5000))])
            emit(EventName(.didFinishLaunching), .end)
            let sessions = Int(generator.next() % 4) + 1
            var ids: [String] = []
            for _ in 0..<sessions { ids.append(sessionIdentifier()) }
            for (index, id) in ids.enumerated() {
                let scene = "0x6000\(index)"
                emit(
                    EventName(.configurationForConnecting), session: id,
                    attrs: ["role": "UIWindowSceneSessionRoleApplication"])
                emit(EventName(.willConnectTo), .begin, session: id, scene: scene)
                emit(EventName(.willConnectTo), .end, session: id, scene: scene)
                emit(EventName(.sceneWillEnterForeground), session: id, scene: scene)
                emit(EventName(.sceneDidBecomeActive), session: id, scene: scene)
            }
            let cycles = Int(generator.next() % 40) + 10
            for _ in 0..<cycles {
                let index = Int(generator.next() % UInt64(sessions))
                let id = ids[index]
                let scene = "0x6000\(index)"
                emit(EventName(.sceneWillResignActive), session: id, scene: scene)
                emit(EventName(.sceneDidEnterBackground), .begin, session: id, scene: scene)
                emit("state.save", .begin, session: id, attrs: ["bytes": .int(Int64(generator.next() % 100_000))])
                emit("state.save", .end, session: id)
                emit(EventName(.sceneDidEnterBackground), .end, session: id, scene: scene)
                emit(EventName(.sceneWillEnterForeground), session: id, scene: scene)
                emit(EventName(.sceneDidBecomeActive), session: id, scene: scene)
            }
        }
    }
}

extension TraceGenerator {
    /// Calls `launch` once and `event` for about `events` events of that one launch: `sessions` scene
    /// sessions connected at the start, then background/foreground cycles of a random one, with app
    /// events (no session) in between. The shape of a long-running app's trace, where one launch and
    /// one session hold hundreds of thousands of events.
    public mutating func generateOneLaunch(
        events target: Int, sessions: Int, launch: (Int, LaunchRecord) -> Void, event: (Int, EventRecord) -> Void
    ) {
        launch(
            1,
            LaunchRecord(
                launch: "L1-\(generator.next() % 1_000_000)", pid: 1001, app: "com.example.Notes", platform: "iOS",
                os: "17.5", device: "iPhone15,2", lifecycle: .scene, started: "2026-11-21T10:00:00.000Z"))
        var produced = 0
        var seq: Int64 = 0
        var t: Int64 = 0
        func emit(
            _ name: EventName, _ phase: Phase = .instant, session: String? = nil, scene: String? = nil,
            attrs: Attributes = [:]
        ) {
            seq += 1
            t += Int64(generator.next() % 2_000_000) + 1000
            event(1, EventRecord(seq: seq, t: t, event: name, phase: phase, session: session, scene: scene, thread: "main", attrs: attrs))
            produced += 1
        }
        emit(EventName(.didFinishLaunching), .begin)
        emit("db.open", attrs: ["path": "notes.sqlite", "pages": .int(Int64(generator.next() % 5000))])
        emit(EventName(.didFinishLaunching), .end)
        var ids: [String] = []
        for _ in 0..<max(sessions, 1) { ids.append(sessionIdentifier()) }
        for (index, id) in ids.enumerated() {
            let scene = "0x6000\(index)"
            emit(EventName(.configurationForConnecting), session: id, attrs: ["role": "UIWindowSceneSessionRoleApplication"])
            emit(EventName(.willConnectTo), .begin, session: id, scene: scene)
            emit(EventName(.willConnectTo), .end, session: id, scene: scene)
            emit(EventName(.sceneWillEnterForeground), session: id, scene: scene)
            emit(EventName(.sceneDidBecomeActive), session: id, scene: scene)
        }
        while produced < target {
            let index = Int(generator.next() % UInt64(ids.count))
            let id = ids[index]
            let scene = "0x6000\(index)"
            emit(EventName(.sceneWillResignActive), session: id, scene: scene)
            emit(EventName(.sceneDidEnterBackground), .begin, session: id, scene: scene)
            emit("state.save", .begin, session: id, attrs: ["bytes": .int(Int64(generator.next() % 100_000))])
            emit("state.save", .end, session: id)
            emit(EventName(.sceneDidEnterBackground), .end, session: id, scene: scene)
            if generator.next() % 4 == 0 { emit("sync.tick", attrs: ["pending": .int(Int64(generator.next() % 50))]) }
            emit(EventName(.sceneWillEnterForeground), session: id, scene: scene)
            emit(EventName(.sceneDidBecomeActive), session: id, scene: scene)
        }
    }

    /// A fresh session identifier shaped like UIKit's: an uppercase UUID, 36 bytes.
    mutating func sessionIdentifier() -> String {
        let high = generator.next()
        let low = generator.next()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: digits - text.count) + text
        }
        return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-"
            + hex(low >> 48, 4) + "-" + hex(low & 0xFFFF_FFFF_FFFF, 12)
    }
}

/// A small seeded generator so generated traces are repeatable.
///
/// The same algorithm as LifelineFormat's `SplitMix64`, which is `package`: this is a package
/// of its own, and `package` access does not reach across packages (making it `public` would
/// promise a random generator to every app that links the format).
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
