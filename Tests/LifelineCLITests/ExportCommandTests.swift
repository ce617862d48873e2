import Foundation
import LifelineFormat
import Testing

/// End-to-end tests of `lifeline export` on the built binary.
@Suite("lifeline export")
struct ExportCommandTests {
    static let repository = CheckCommandTests.repository
    static func trace(_ name: String) -> String { repository.appendingPathComponent("traces/\(name)").path }

    /// The trace events of a written export, parsed by Foundation (not by Lifeline's own reader).
    static func traceEvents(_ url: URL) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(document["displayTimeUnit"] as? String == "ns")
        return try #require(document["traceEvents"] as? [[String: Any]])
    }

    @Test func aTraceExportsAsTraceEventJSONWithItsViolationsOnTheirTracks() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["export", Self.trace("bug-wrong-order.ndjson"), "--no-local-rules", "-o", "out.json"], in: directory)
        #expect(run.status == 0)
        #expect(run.stderr.hasSuffix("exported 2 launches, 41 events, 4 findings to out.json\n"))
        let events = try Self.traceEvents(directory.appendingPathComponent("out.json"))
        let processes = events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "process_name" }
        #expect(processes.count == 2)
        let violations = events.filter { $0["cat"] as? String == "violation" }
        #expect(violations.count == 4)
        for violation in violations {
            let args = try #require(violation["args"] as? [String: Any])
            #expect(args["rule"] is String)
            #expect((args["location"] as? String)?.contains("bug-wrong-order.ndjson:") == true)
            // On a track the export named.
            let named = events.contains {
                $0["name"] as? String == "thread_name" && $0["pid"] as? Int == violation["pid"] as? Int
                    && $0["tid"] as? Int == violation["tid"] as? Int
            }
            #expect(named)
        }
        #expect(events.contains { $0["ph"] as? String == "X" && $0["cat"] as? String == "callback" && $0["dur"] is Double })
    }

    @Test func aLaunchTrackShowsEachResumeFromTheBackgroundFromItsReturnToActive() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["export", Self.trace("cold-launch.ndjson"), "--no-check", "-o", "out.json"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let resumes = try Self.traceEvents(directory.appendingPathComponent("out.json"))
            .filter { $0["cat"] as? String == "launch" && ($0["name"] as? String)?.hasPrefix("resume: ") == true }
        #expect(resumes.map { $0["name"] as? String } == ["resume: scene 0x15c4f74f0"])
        let resume = try #require(resumes.first)
        let args = try #require(resume["args"] as? [String: Any])
        #expect(resume["tid"] as? Int == 0 && resume["ph"] as? String == "X")
        // 22.2 ms from sceneWillEnterForeground to sceneDidBecomeActive, after 30 s in the background.
        #expect(abs((resume["dur"] as? Double ?? 0) - Double(args["to_active_ns"] as? Int ?? 0) / 1000) < 0.001)
        #expect((21_000_000...23_000_000).contains(args["to_active_ns"] as? Int ?? 0))
        #expect((30_000_000_000...30_100_000_000).contains(args["in_background_ns"] as? Int ?? 0))
        #expect(args["scene"] as? String == "0x15c4f74f0" && args["reconnected"] as? Bool == false)
    }

    @Test func eachLaunchHasATrackOfItsPhasesNamedAfterItsKindAndEnding() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["export", Self.trace("slow-launch.ndjson"), "--no-check", "-o", "out.json"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let events = try Self.traceEvents(directory.appendingPathComponent("out.json"))
        let names = events.filter { $0["name"] as? String == "thread_name" && $0["tid"] as? Int == 0 }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names == ["launch: cold, ended background, slow", "launch: cold, ended unknown"])
        let phases = events.filter { $0["cat"] as? String == "launch" && $0["pid"] as? Int == 1 }
        #expect(
            phases.map { $0["name"] as? String } == [
                "pre-main", "UIKit start", "willFinishLaunching", "didFinishLaunching", "after didFinishLaunching",
                "scene connection", "entering foreground", "first frame", "fully displayed",
            ])
        #expect(phases.allSatisfy { $0["ph"] as? String == "X" && $0["tid"] as? Int == 0 && ($0["ts"] as? Double ?? -1) >= 0 })
        let preMain = try #require(phases.first?["args"] as? [String: Any])
        #expect((preMain["slow_reason"] as? String)?.contains("900.0 ms of it in db.migrate") == true)
        #expect(preMain["start_ns"] == nil, "the simulator's recorder starts with the process: pre-main begins at 0")
        // A process start before the trace's time 0 (a device's recorder starts after main): drawn from 0, its real start in args.
        try """
        {"lifeline":1,"type":"launch","app":"A","processStart":-300000000,"prewarm":false}
        {"seq":1,"t":0,"event":"willFinishLaunching"}
        {"seq":2,"t":10000000,"event":"didFinishLaunching"}
        {"seq":3,"t":20000000,"event":"applicationDidBecomeActive"}

        """.write(to: directory.appendingPathComponent("device.ndjson"), atomically: true, encoding: .utf8)
        let device = try LifelineCommandTests.run(["export", "device.ndjson", "--no-check", "-o", "device.json"], in: directory)
        #expect(device.status == 0, "\(device.stderr)")
        let devicePhases = try Self.traceEvents(directory.appendingPathComponent("device.json")).filter { $0["cat"] as? String == "launch" }
        #expect(devicePhases.first?["name"] as? String == "pre-main and UIKit start")
        #expect(devicePhases.first?["ts"] as? Double == 0 && devicePhases.first?["dur"] as? Double == 0)
        let deviceArgs = try #require(devicePhases.first?["args"] as? [String: Any])
        #expect(deviceArgs["start_ns"] as? Int == -300_000_000 && deviceArgs["duration_ns"] as? Int == 300_000_000)
        // The launch tracks are the export's own: importing the file back gives the same events.
        let back = try LifelineCommandTests.run(["export", "out.json", "--format", "ndjson", "--no-check"], in: directory)
        #expect(back.status == 0, "\(back.stderr)")
        let original = try String(contentsOfFile: Self.trace("slow-launch.ndjson"), encoding: .utf8)
        #expect(back.stdout.split(separator: "\n").count == original.split(separator: "\n").count)
        #expect(!back.stdout.contains("pre-main"))
    }

    @Test func noCheckExportsTheEventsAlone() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(["export", Self.trace("bug-wrong-order.ndjson"), "--no-check"], in: directory)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\"cat\":\"violation\""))
        #expect(run.stdout.hasPrefix("{\"displayTimeUnit\":\"ns\""))
    }

    @Test func aMissingInputIsAnInputErrorAndWritesNothing() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(["export", "nope.ndjson", "-o", "out.json"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("nope.ndjson"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }

    @Test func aDatabaseExportsLikeItsTraces() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = Self.trace("ipad-multiwindow.ndjson")
        #expect(try LifelineCommandTests.run(["import", source, "--db", "t.db"], in: directory).status == 0)
        let run = try LifelineCommandTests.run(["export", "t.db", "--format", "ndjson"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout == (try String(contentsOfFile: source, encoding: .utf8)))
    }
}
