import Foundation
import LifelineCore
import LifelineFormat
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

/// The recorders an app uses in place of ``Recorder``: in its unit tests (``InMemoryRecorder``)
/// and where recording is off (``NoOpRecorder``), through the one protocol its code takes.
@Suite("In-memory and no-op recorders")
struct StandInRecorderTests {
    static let launch = LaunchRecord(
        launch: "L1", pid: 7, app: "com.example.Notes", platform: "iOS", os: "18.2", device: "iPhone16,1",
        lifecycle: .scene, started: "2026-11-26T10:00:00.000Z")

    /// What an app's delegates would record over a launch, written once against the protocol
    /// so the same code drives every recorder.
    static func launchSequence(_ recorder: some LifecycleRecording) {
        recorder.record(.willFinishLaunching)
        recorder.span(.didFinishLaunching) { recorder.mark("db.open", attrs: ["pages": 120]) }
        recorder.record(.configurationForConnecting, session: "S1")
        recorder.record(.willConnectTo, session: "S1", scene: "0x600001", attrs: ["role": "UIWindowSceneSessionRoleApplication"])
        recorder.mark("sceneWillEnterForeground", session: "S1", scene: "0x600001")  // an alias: recorded as the callback
        recorder.record(.sceneDidBecomeActive, session: "S1", scene: "0x600001")
        recorder.span("state.save", session: "S1") {}
        recorder.record(.didDiscardSceneSessions, attrs: ["sessions": ["S0", "S9"]])
    }

    /// A clock that advances 1 ms per reading, from 5 s.
    static func steppingClock() -> RecorderClock {
        let now = Locked<UInt64>(5_000_000_000)
        return .custom {
            now.withLock { now in
                defer { now += 1_000_000 }
                return now
            }
        }
    }

    @Test("the in-memory recorder keeps every event in order, seq from 1, aliases as their callback")
    func inMemoryKeepsTheSequence() {
        let recorder = InMemoryRecorder(launch: Self.launch, clock: Self.steppingClock())
        Self.launchSequence(recorder)
        let events = recorder.events
        #expect(events.map(\.seq) == Array(1...11))
        #expect(
            events.map(\.event.name) == [
                "application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)", "db.open",
                "application(_:didFinishLaunchingWithOptions:)", "application(_:configurationForConnecting:options:)",
                "scene(_:willConnectTo:options:)", "sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)", "state.save",
                "state.save", "application(_:didDiscardSceneSessions:)",
            ])
        #expect(events.map(\.phase) == [.instant, .begin, .instant, .end, .instant, .instant, .instant, .instant, .begin, .end, .instant])
        // The clock's first reading is the origin; each later one is 1 ms on.
        #expect(events.map(\.t) == (1...11).map { Int64($0) * 1_000_000 })
        #expect(events[5].session == "S1" && events[5].scene == "0x600001")
        #expect(events[5].attrs == ["role": "UIWindowSceneSessionRoleApplication"])
        #expect(events[10].discardedSessions == ["S0", "S9"])
        #expect(
            recorder.callbacks == [
                .willFinishLaunching, .didFinishLaunching, .configurationForConnecting, .willConnectTo, .sceneWillEnterForeground,
                .sceneDidBecomeActive, .didDiscardSceneSessions,
            ])
    }

    @Test("the in-memory recorder holds what the file recorder writes, field for field")
    func inMemoryAgreesWithTheFileRecorder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("app.ndjson")
        var configuration = RecorderConfiguration()
        configuration.clock = Self.steppingClock()
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        Self.launchSequence(recorder)
        recorder.close()
        let memory = InMemoryRecorder(launch: Self.launch, clock: Self.steppingClock())
        Self.launchSequence(memory)

        let written = try ParsedTrace(path: file.path)
        #expect(written.errors.isEmpty)
        #expect(written.launches == [Self.launch])
        // Thread labels differ by design (the file recorder names every thread; the in-memory
        // one only the main thread), and so may times (the file recorder reads its clock once more to start).
        func comparable(_ event: EventRecord) -> EventRecord {
            EventRecord(
                seq: event.seq, t: 0, event: event.event, phase: event.phase, session: event.session, scene: event.scene, attrs: event.attrs
            )
        }
        #expect(written.events.map(comparable) == memory.events.map(comparable))
    }

    @Test("the in-memory recorder's trace is a valid trace file of its launch and events")
    func inMemoryTraceReadsBack() throws {
        let recorder = InMemoryRecorder(launch: Self.launch, clock: Self.steppingClock())
        Self.launchSequence(recorder)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("memory.ndjson")
        try recorder.trace.write(to: file, atomically: true, encoding: .utf8)
        let parsed = try ParsedTrace(path: file.path)
        #expect(parsed.errors.isEmpty && !parsed.unterminated)
        #expect(parsed.launches == [Self.launch])
        #expect(parsed.events == recorder.events)
    }

    @Test("removeAll forgets the events and starts seq again from 1")
    func removeAllStartsAgain() {
        let recorder = InMemoryRecorder(launch: Self.launch, clock: Self.steppingClock())
        Self.launchSequence(recorder)
        recorder.removeAll()
        #expect(recorder.events.isEmpty && recorder.callbacks.isEmpty)
        recorder.record(.sceneDidEnterBackground, session: "S1", scene: "0x600001")
        #expect(recorder.events.map(\.seq) == [1])
        #expect(recorder.callbacks == [.sceneDidEnterBackground])
    }

    @Test("threads recording at once into the in-memory recorder lose nothing and share one seq")
    func inMemoryFromManyThreads() {
        let recorder = InMemoryRecorder(launch: Self.launch)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<1_000 { recorder.mark("tick", session: "W\(worker)", attrs: ["i": .int(Int64(index))]) }
        }
        let events = recorder.events
        #expect(events.map(\.seq) == Array(1...4_000))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t })
        for worker in 0..<4 {
            let indices = events.filter { $0.session == "W\(worker)" }.compactMap { $0.attrs["i"] }
            #expect(indices == (0..<1_000).map { AttributeValue.int(Int64($0)) }, "worker \(worker)'s events out of order")
        }
    }

    @Test("a clock that goes backwards never makes t go backwards")
    func inMemoryClampsTheClock() {
        let readings = Locked<[UInt64]>([100, 300, 200, 250, 400])
        let recorder = InMemoryRecorder(launch: Self.launch, clock: .custom { readings.withLock { $0.removeFirst() } })
        for _ in 0..<4 { recorder.record(.sceneDidBecomeActive) }
        #expect(recorder.events.map(\.t) == [200, 200, 200, 300])
    }

    @Test("the no-op recorder runs a span's body once, returns its value and passes its error on")
    func noOpRunsSpans() {
        let recorder = NoOpRecorder()
        Self.launchSequence(recorder)
        var runs = 0
        let value = recorder.span(.sceneDidEnterBackground, session: "S1") {
            runs += 1
            return 42
        }
        #expect(value == 42 && runs == 1)
        struct SaveFailed: Error {}
        #expect(throws: SaveFailed.self) { try recorder.span("state.save") { throw SaveFailed() } }
    }
}
