import Foundation
import LifelineCore
import LifelineFormat
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

@Suite("Recorder")
struct RecorderTests {
    static let launch = LaunchRecord(
        launch: "L1", pid: 42, app: "com.example.Notes", platform: "iOS", os: "17.5", device: "iPhone15,2",
        lifecycle: .scene, started: "2026-11-21T10:00:00.000Z")

    @Test("8 threads x 100k events: every event once, in order, on valid lines")
    func concurrentThreads() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Eight threads recording flat out on two cores outrun any single writer, so each
        // thread's buffer holds its whole burst: this test is about ordering and completeness;
        // overflow has its own test below.
        var configuration = RecorderConfiguration()
        configuration.bufferCapacity = 100_000
        configuration.maximumFileSize = 1 << 30  // one file: rotation has its own test
        let file = directory.appendingPathComponent("threads.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        let threads = 8
        let perThread = 100_000
        let group = DispatchGroup()
        for worker in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                let session = "W\(worker)"
                for index in 0..<perThread {
                    recorder.mark("tick", session: session, attrs: ["i": .int(Int64(index))])
                }
                group.leave()
            }
        }
        group.wait()
        recorder.close()
        #expect(recorder.droppedCount == 0)

        let trace = try ParsedTrace(path: file.path)
        #expect(trace.errors.isEmpty)
        #expect(!trace.unterminated)
        // The app's record, with the process start and module load the recorder placed on its clock (before its origin).
        var written = Self.launch
        written.processStart = recorder.launch.processStart
        written.moduleLoad = recorder.launch.moduleLoad
        #expect(trace.launches == [written])
        #expect(recorder.launch.processStart.map { $0 <= 0 } == true)
        #expect(trace.events.count == threads * perThread)
        var next = [String: Int64]()
        var previous: EventRecord?
        for event in trace.events {
            if let previous {
                guard event.seq == previous.seq + 1 else {
                    Issue.record("seq \(event.seq) after \(previous.seq)")
                    return
                }
                guard event.t >= previous.t else {
                    Issue.record("t \(event.t) after \(previous.t) at seq \(event.seq)")
                    return
                }
            }
            let session = event.session!
            guard case .int(let index) = event.attrs["i"], index == next[session, default: 0] else {
                Issue.record("\(session) event \(String(describing: event.attrs["i"])) out of order or repeated")
                return
            }
            next[session] = index + 1
            previous = event
        }
        #expect(next.count == threads)
        #expect(next.values.allSatisfy { $0 == Int64(perThread) })
    }

    @Test("callbacks, aliases, spans and attributes are written as given")
    func recordingAPI() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("api.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch)
        let value = recorder.span(.didFinishLaunching) {
            recorder.mark("db.open", attrs: ["path": "notes.sqlite", "pages": 120, "wal": true, "ratio": 0.5])
            return 7
        }
        #expect(value == 7)
        recorder.mark("willConnectTo", session: "S1", scene: "0x1")
        recorder.record(.sceneDidBecomeActive, session: "S1", scene: "0x1")
        recorder.record(.didDiscardSceneSessions, attrs: ["sessions": ["S2", "S3"]])
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try recorder.span("state.save", session: "S1") { throw Failure() }
        }
        recorder.close()

        let events = try ParsedTrace(path: file.path).events
        #expect(
            events.map(\.event.name) == [
                "application(_:didFinishLaunchingWithOptions:)", "db.open", "application(_:didFinishLaunchingWithOptions:)",
                "scene(_:willConnectTo:options:)", "sceneDidBecomeActive(_:)", "application(_:didDiscardSceneSessions:)",
                "state.save", "state.save",
            ])
        #expect(events.map(\.phase) == [.begin, .instant, .end, .instant, .instant, .instant, .begin, .end])
        #expect(events.map(\.seq) == Array(1...8))
        #expect(events[1].attrs == ["path": "notes.sqlite", "pages": 120, "wal": true, "ratio": 0.5])
        #expect(events[3].session == "S1" && events[3].scene == "0x1")
        #expect(events[5].discardedSessions == ["S2", "S3"])
        #expect(events[7].session == "S1", "the end of a span that threw is still recorded")
        #expect(Set(events.compactMap(\.thread)).count == 1, "one recording thread, one label")
    }

    @Test("flush makes everything recorded so far readable without closing")
    func flush() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.flushInterval = 3600  // only flush() writes
        let file = directory.appendingPathComponent("flush.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        for index in 0..<10 { recorder.mark("e\(index)") }
        recorder.flush()
        #expect(try ParsedTrace(path: file.path).events.count == 10)
        recorder.mark("after")
        recorder.flush()
        #expect(try ParsedTrace(path: file.path).events.last?.event.name == "after")
        recorder.close()
    }

    @Test("a recorder in a directory names its file after the app, time and pid")
    func directoryNaming() throws {
        let directory = try temporaryDirectory().appendingPathComponent("nested/traces")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent().deletingLastPathComponent()) }
        let first = try Recorder(directory: directory, launch: Self.launch)
        let second = try Recorder(directory: directory, launch: Self.launch)
        first.close()
        second.close()
        #expect(first.fileURL.lastPathComponent == "com.example.Notes-20261121T100000-42.ndjson")
        #expect(second.fileURL.lastPathComponent == "com.example.Notes-20261121T100000-42-2.ndjson")
    }

    @Test("a launch that records only some callbacks says so in every part's launch record")
    func recordsSubset() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.maximumFileSize = 2048
        configuration.flushInterval = 3600
        var launch = Self.launch
        launch.records = CallbackSet([.sceneWillEnterForeground, .sceneDidBecomeActive, .sceneDidEnterBackground])
        let file = directory.appendingPathComponent("subset.ndjson")
        let recorder = try Recorder(file: file, launch: launch, configuration: configuration)
        for index in 0..<200 {
            recorder.record(.sceneDidBecomeActive, session: "S1", scene: "0x1", attrs: ["i": .int(Int64(index))])
            if index % 20 == 19 { recorder.flush() }
        }
        recorder.close()
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(parts.count >= 2)
        for name in parts {
            let trace = try ParsedTrace(path: directory.appendingPathComponent(name).path)
            #expect(trace.errors.isEmpty)
            #expect(trace.launches.map(\.records) == [launch.records])
        }
    }

    @Test("files rotate at the size limit; each part restates the launch and seq continues")
    func rotation() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.maximumFileSize = 4096
        configuration.flushInterval = 3600
        let file = directory.appendingPathComponent("rotating.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        for index in 0..<1_000 {
            recorder.mark("tick", attrs: ["i": .int(Int64(index))])
            if index % 50 == 49 { recorder.flush() }
        }
        recorder.close()

        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted {
            $0.split(separator: ".").count < $1.split(separator: ".").count
                || ($0.split(separator: ".").count == $1.split(separator: ".").count && $0.count < $1.count)
                || ($0.count == $1.count && $0 < $1)
        }
        #expect(parts.count >= 5)
        #expect(parts.first == "rotating.ndjson")
        var seqs: [Int64] = []
        for (index, name) in parts.enumerated() {
            #expect(name == (index == 0 ? "rotating.ndjson" : "rotating.\(index + 1).ndjson"))
            let trace = try ParsedTrace(path: directory.appendingPathComponent(name).path)
            #expect(trace.errors.isEmpty)
            // Every part restates the record the recorder wrote: the app's, with the process start it placed.
            var expected = recorder.launch
            #expect(expected.processStart != nil && expected.processStart.map { $0 <= 0 } == true)
            expected.part = index == 0 ? nil : Int64(index + 1)
            #expect(trace.launches == [expected])
            seqs += trace.events.map(\.seq)
            let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as! Int
            #expect(index == parts.count - 1 || size >= 4096)
        }
        #expect(seqs == Array(1...1_000))
        #expect(recorder.fileURL.lastPathComponent == parts.last)
    }

    @Test("a stalled writer makes the recorder drop and count, not block")
    func dropsWhenStalled() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.bufferCapacity = 100
        configuration.shardCount = 1
        let file = directory.appendingPathComponent("stalled.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        recorder.setWriterPaused(true)
        let start = Date()
        for index in 0..<1_000 { recorder.mark("tick", attrs: ["i": .int(Int64(index))]) }
        #expect(Date().timeIntervalSince(start) < 5, "recording never waits for the writer")
        #expect(recorder.droppedCount == 900)
        recorder.setWriterPaused(false)
        recorder.flush()
        recorder.mark("after")
        recorder.close()

        let events = try ParsedTrace(path: file.path).events
        #expect(events.filter { $0.event.name == "tick" }.map { $0.attrs["i"] } == (0..<100).map { .int(Int64($0)) })
        let dropped = events.filter { $0.event == .dropped }
        #expect(dropped.count == 1)
        #expect(dropped.first?.attrs["count"] == .int(900))
        #expect(events.last?.event.name == "after" || events.last?.event == .dropped)
        #expect(recorder.droppedCount == 900)
    }

    @Test("appending to a file a crashed process left torn keeps every line whole")
    func appendAfterTornLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("appended.ndjson")
        try Data((#"{"lifeline":1,"type":"launch","launch":"old"}"# + "\n" + #"{"seq":1,"t":0,"ev"#).utf8).write(to: file)
        let recorder = try Recorder(file: file, launch: Self.launch)
        recorder.record(.didFinishLaunching)
        recorder.close()
        let trace = try ParsedTrace(path: file.path)
        #expect(trace.launches.map(\.launch) == ["old", "L1"])
        #expect(trace.events.map(\.event.callback) == [.didFinishLaunching])
        #expect(trace.errors.map(\.line) == [2], "the torn line stays, alone, as one bad line")
        #expect(!trace.unterminated)
    }

    @Test("an unwritable file is an error at start")
    func unwritable() {
        #expect(throws: RecorderError.self) {
            try Recorder(file: URL(fileURLWithPath: "/nonexistent-dir/x.ndjson"), launch: Self.launch)
        }
        #if os(Linux)
        do {
            _ = try Recorder(file: URL(fileURLWithPath: "/dev/full"), launch: Self.launch)
            Issue.record("a device that refuses writes was accepted")
        } catch {
            #expect(error.code == .cannotWriteFile)
        }
        #endif
    }

    @Test("a custom clock sets event times, clamped so they never go backwards")
    func customClock() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let time = LockedTime(100)
        var configuration = RecorderConfiguration()
        configuration.clock = .custom { time.value }
        let file = directory.appendingPathComponent("clock.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        time.value = 150
        recorder.mark("a")
        time.value = 120  // a clock that goes backwards
        recorder.mark("b")
        time.value = 400
        recorder.mark("c")
        recorder.close()
        #expect(try ParsedTrace(path: file.path).events.map(\.t) == [50, 50, 300])
    }

    @Test("a custom thread label is written as given, whatever thread records")
    func customThreadLabel() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = RecorderConfiguration()
        configuration.threadLabel = { "main" }
        let file = directory.appendingPathComponent("labels.ndjson")
        let recorder = try Recorder(file: file, launch: Self.launch, configuration: configuration)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            recorder.mark("worker")
            done.signal()
        }
        done.wait()
        recorder.mark("caller")
        recorder.close()
        #expect(try ParsedTrace(path: file.path).events.map(\.thread) == ["main", "main"])

        // Without one, a thread other than the main thread keeps its index suffix.
        let plain = directory.appendingPathComponent("plain.ndjson")
        let other = try Recorder(file: plain, launch: Self.launch)
        let recorded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            other.mark("worker")
            recorded.signal()
        }
        recorded.wait()
        other.close()
        let labels = try ParsedTrace(path: plain.path).events.compactMap(\.thread)
        #expect(labels.count == 1 && labels[0].hasSuffix("#0"), "\(labels)")
    }
}

/// A time value tests can set from any thread.
final class LockedTime: Sendable {
    private let stored: Locked<UInt64>
    init(_ value: UInt64) { stored = Locked(value) }
    var value: UInt64 {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
