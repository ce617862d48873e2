import Foundation
import LifelineFormat
import LifelineTestSupport
import Testing

/// Tests that drive a real recording process (`recorder-probe`) and kill it.
@Suite("Recorder in a real process")
struct RecorderProcessTests {
    static var probe: URL { productsDirectory.appendingPathComponent("recorder-probe") }

    @Test("SIGKILL mid-recording leaves only whole lines, but possibly the last")
    func killMidRecording() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("killed.ndjson")
        for round in 0..<3 {
            let process = Process()
            process.executableURL = Self.probe
            process.arguments = ["loop", file.path, "3"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let ready = output.fileHandleForReading.availableData
            #expect(String(decoding: ready, as: UTF8.self).hasPrefix("ready"), "round \(round)")
            Thread.sleep(forTimeInterval: 0.2 + 0.05 * Double(round))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
        }
        // Three launches appended to one file; each kill may leave one torn line.
        let file0 = try TraceFile(contentsOf: file.path)
        #expect(file0.errors.count <= 2, "a torn tail is ended by the next launch and counts as one bad line")
        for error in file0.errors { #expect(error.code == .syntax || error.code == .encoding || error.code == .missingField) }
        var launches = 0
        var lastSeq: Int64 = 0
        var events = 0
        for record in file0.records {
            switch record {
            case .launch:
                launches += 1
                lastSeq = 0
            case .event(let event):
                #expect(event.seq > lastSeq)
                lastSeq = event.seq
                events += 1
            }
        }
        #expect(launches == 3)
        // 64 events are on disk before each "ready"; the workers add what they recorded before the kill.
        #expect(events >= 3 * 64, "the probe recorded before each kill")
    }

    @Test(
        "the recorder reads ActivePrewarm before main(), so removing it later loses nothing; its launch record says when it loaded",
        arguments: [("1", "ActivePrewarm=1"), (nil, "ActivePrewarm=unset")] as [(String?, String)])
    func readAtLoad(prewarm: String?, printed: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("load.ndjson")
        let run = try ProcessRunner.run(
            Self.probe, ["load", file.path, "-"], environment: prewarm.map { ["ActivePrewarm": $0] } ?? [:])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == printed)
        let trace = try TraceFile(contentsOf: file.path)
        #expect(trace.errors.isEmpty)
        let launch = try #require(
            trace.records.lazy.compactMap { if case .launch(let launch) = $0 { launch } else { nil } }.first)
        let moduleLoad = try #require(launch.moduleLoad, "the recorder writes its module load")
        let processStart = try #require(launch.processStart)
        let first = try #require(trace.events.first)
        #expect(processStart <= moduleLoad && moduleLoad <= first.t)
    }

    @Test("a disk that refuses writes loses events, counts them, and never tears a line")
    func failingDisk() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("full.ndjson")
        let limit = 20_000
        let run = try ProcessRunner.run(Self.probe, ["limited", file.path, "5000", String(limit)])
        let printed = run.stdout
        #expect(run.status == 0, "the app keeps running")
        let dropped = Int(printed.split(separator: "=").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
        let trace = try TraceFile(contentsOf: file.path)
        #expect(trace.errors.isEmpty)
        #expect(!trace.hasUnterminatedLastLine)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
        #expect(size <= limit)
        let written = trace.events.filter { $0.event.name == "probe.tick" }.count
        #expect(written > 0)
        #expect(dropped > 0)
        #expect(written + dropped == 5000, "every event is either in the file or counted")
    }
}
