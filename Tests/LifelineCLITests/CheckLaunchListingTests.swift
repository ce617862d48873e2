import Foundation
import Testing

/// `lifeline check --format json|jsonl` lists every launch it judged with its record's facts and
/// events, so a program tallying findings by device, OS or release (the Spark integration) needs
/// to read nothing of the trace format itself.
@Suite("lifeline check: the launches judged")
struct CheckLaunchListingTests {
    @Test func everyLaunchIsListedOnceWithItsFactsAndItsEventsAddUpToTheSummary() throws {
        let run = try LifelineCommandTests.run(
            ["check", "traces", "--format", "jsonl", "--no-local-rules"], in: CheckCommandTests.repository)
        let objects = try CheckStandardInputTests.objects(run)
        let launches = objects.filter { $0["type"] as? String == "launch" }
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(launches.count == summary["launches"] as? Int)
        #expect(launches.reduce(0) { $0 + ($1["events"] as? Int ?? 0) } == summary["events"] as? Int)
        #expect(Set(launches.compactMap { $0["launch"] as? String }).count == launches.count)
        // Every finding names a launch the listing has.
        let keys = Set(launches.compactMap { $0["launch"] as? String })
        for finding in objects where finding["type"] as? String == "finding" {
            if let launch = finding["launch"] as? String { #expect(keys.contains(launch), "\(launch)") }
        }
        // bug-wrong-order.ndjson's second launch, as its record says.
        let lines = try String(
            contentsOf: CheckCommandTests.repository.appendingPathComponent("traces/bug-wrong-order.ndjson"), encoding: .utf8
        )
        .split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("\"launch\":\"1A3C2A7F-5D09-4139-AA5D-E3034A161806\"") })
        let next = lines[(start + 1)...].firstIndex { $0.contains("\"type\":\"launch\"") } ?? lines.count
        let second = try #require(launches.first { $0["launch"] as? String == "1A3C2A7F-5D09-4139-AA5D-E3034A161806" })
        #expect(second["file"] as? String == "traces/bug-wrong-order.ndjson")
        #expect(second["trace"] as? String == "traces/bug-wrong-order.ndjson")
        #expect(second["line"] as? Int == start + 1)
        #expect(second["app"] as? String == "com.example.Notes")
        #expect(second["device"] as? String == "iPhone15,2")
        #expect(second["lifecycle"] as? String == "scene")
        let events = lines[(start + 1)..<next].filter { !$0.isEmpty }.count
        #expect(second["events"] as? Int == events)
    }

    /// The sample traces' scenarios (traces/README.md) and the kind, phases and ending each launch
    /// must get from them (docs/launches.md).
    @Test func eachSampleLaunchHasTheKindPhasesAndEndingItsScenarioMakes() throws {
        let run = try LifelineCommandTests.run(
            [
                "check", "traces/prewarm.ndjson", "traces/legacy-app.ndjson", "traces/swipe-kill-relaunch.ndjson", "--format", "json",
                "--no-local-rules",
            ],
            in: CheckCommandTests.repository)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let launches = try #require(report["launches"] as? [[String: Any]])
        let seen = launches.map { "\($0["kind"] ?? "-") \($0["ending"] ?? "-")" }
        // launch prewarm; wait 45m; open; wait 20s; home — then the legacy app: cold, swiped away
        // (applicationWillTerminate), a push launch opened 10 minutes later; then a swipe-kill and a relaunch.
        #expect(
            seen == [
                "prewarmed background", "cold terminated", "warm unknown", "cold swipe-killed", "cold unknown",
            ])
        let prewarmed = launches[0]
        #expect(prewarmed["prewarm"] as? Bool == true)
        #expect(prewarmed["processStart"] as? Int == 0)
        let moduleLoad = try #require(prewarmed["moduleLoad"] as? Int)
        let phases = try #require(prewarmed["phases"] as? [[String: Any]])
        #expect(phases.prefix(2).map { $0["name"] as? String } == ["pre-main", "UIKit start"])
        #expect(phases.first?["end"] as? Int == moduleLoad && phases.dropFirst().first?["start"] as? Int == moduleLoad)
        #expect(phases.contains { $0["name"] as? String == "waiting for the user" && ($0["duration"] as? Int ?? 0) > 2_699_000_000_000 })
        // To active: every phase before the first frame but the wait; to the first frame: that phase too.
        let afterActive: Set<String> = ["waiting for the user", "first frame", "fully displayed"]
        let total = phases.filter { !afterActive.contains($0["name"] as? String ?? "") }.reduce(0) { $0 + ($1["duration"] as? Int ?? 0) }
        #expect(prewarmed["timeToActive"] as? Int == total)
        let frame = try #require(phases.first { $0["name"] as? String == "first frame" }?["duration"] as? Int)
        #expect(prewarmed["timeToFirstFrame"] as? Int == total + frame)
        #expect((prewarmed["timeToFullyDisplayed"] as? Int ?? 0) > total + frame)
        #expect((prewarmed["reason"] as? String)?.contains("45 min") == true)
        #expect(
            launches[2]["reason"] as? String
                == "launched in the background (applicationDidReceiveRemoteNotification first), then opened by the user 10 min later")
    }

    @Test func aLaunchARotatedFileContinuesIsListedOnceAtItsFirstPartWithTheEventsOfBoth() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record =
            #"{"lifeline":1,"type":"launch","launch":"L1","app":"com.example.A","device":"iPhone15,2","os":"18.1","started":"2026-03-02T09:00:00Z""#
        try (record + "}\n" + #"{"seq":1,"t":0,"event":"application(_:didFinishLaunchingWithOptions:)"}"# + "\n")
            .write(to: directory.appendingPathComponent("a.ndjson"), atomically: true, encoding: .utf8)
        try
            (record + #","part":2}"# + "\n" + #"{"seq":2,"t":5,"event":"applicationDidBecomeActive(_:)"}"# + "\n"
            + #"{"seq":3,"t":9,"event":"applicationWillResignActive(_:)"}"# + "\n")
            .write(to: directory.appendingPathComponent("a.2.ndjson"), atomically: true, encoding: .utf8)
        let jsonl = try LifelineCommandTests.run(["check", ".", "--format", "jsonl", "--no-local-rules"], in: directory)
        let launches = try CheckStandardInputTests.objects(jsonl).filter { $0["type"] as? String == "launch" }
        #expect(launches.count == 1)
        #expect(launches.first?["file"] as? String == "./a.ndjson")
        #expect(launches.first?["line"] as? Int == 1)
        #expect(launches.first?["events"] as? Int == 3)
        #expect(launches.first?["os"] as? String == "18.1")
        #expect(launches.first?["platform"] == nil, "a field the record does not have is absent")

        let json = try LifelineCommandTests.run(["check", ".", "--format", "json", "--no-local-rules"], in: directory)
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let listed = try #require(document["launches"] as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["launch"] as? String == "L1")
        #expect(listed.first?["events"] as? Int == 3)
    }
}
