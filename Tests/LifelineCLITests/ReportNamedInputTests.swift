import Foundation
import Testing

/// The HTML report (`lifeline check --format html`, `lifeline report`) of traces that go by another
/// name (`--names`) or come from standard input: their timelines are drawn, under the names their
/// findings use, with the findings' witnesses placed on them.
@Suite("HTML report: named inputs and standard input")
struct ReportNamedInputTests {
    /// The report's launches (their identifiers and where they are), the events of its first timeline and, for each finding,
    /// its launch's index (-1: none) and whether a witness of it is placed on a timeline.
    struct Drawn: Equatable {
        var launches: [String]
        var events: Int
        var findingLaunches: [Int]
        var placed: [Bool]
    }

    static func drawn(_ file: URL) throws -> Drawn {
        let html = try String(contentsOf: file, encoding: .utf8)
        let summary = try ReportCommandTests.data("lifeline-data", in: html)
        // Each launch as `KEY @ FILE:LINE` (its identifier, none when the record has none, and where its record is).
        let launches = try #require(summary["launches"] as? [[Any]]).map { launch in
            "\(launch[0] as? String ?? "") @ \(launch[7] as? String ?? "?"):\(launch[8] as? Int ?? 0)"
        }
        let findings = try #require(summary["findings"] as? [[Any]])
        let findingLaunches = findings.map { $0[6] as? Int ?? -1 }
        let placed = findings.map { finding in ((finding[10] as? [[Any]]) ?? []).contains { ($0[2] as? Int ?? -1) >= 0 } }
        let events = launches.isEmpty ? 0 : try #require(try ReportCommandTests.data("launch-0", in: html)["e"] as? [[Any]]).count
        return Drawn(launches: launches, events: events, findingLaunches: findingLaunches, placed: placed)
    }

    @Test func aCopyCheckedUnderItsOriginalNameHasTheOriginalsTimelineAndNoLocalPath() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try CheckNamesTests.anonymousSample()
        for folder in ["s3a:/fleet", "task/0"] {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The oracle: the original under a relative path whose text is the name.
        try text.write(to: directory.appendingPathComponent("s3a:/fleet/notes.ndjson"), atomically: true, encoding: .utf8)
        try text.write(to: directory.appendingPathComponent("task/0/notes.ndjson"), atomically: true, encoding: .utf8)
        try #"{"task/0/notes.ndjson": "s3a:/fleet/notes.ndjson"}"#
            .write(to: directory.appendingPathComponent("names.json"), atomically: true, encoding: .utf8)

        let original = try LifelineCommandTests.run(
            ["check", "s3a:/fleet/notes.ndjson", "--format", "html", "-o", "original.html"], in: directory)
        let copy = try LifelineCommandTests.run(
            ["check", "task/0/notes.ndjson", "--names", "names.json", "--format", "html", "-o", "copy.html"], in: directory)
        #expect(original.status == 1 && copy.status == 1)
        let expected = try Self.drawn(directory.appendingPathComponent("original.html"))
        #expect(expected.launches == [" @ s3a:/fleet/notes.ndjson:1", " @ s3a:/fleet/notes.ndjson:25"])
        #expect(expected.events > 0)
        #expect(expected.placed.contains(true))
        #expect(!expected.findingLaunches.contains(-1), "every finding is on a launch's timeline")
        #expect(try Self.drawn(directory.appendingPathComponent("copy.html")) == expected)
        let html = try String(contentsOf: directory.appendingPathComponent("copy.html"), encoding: .utf8)
        #expect(!html.contains("task/0"), "the local copy's path leaked into the report")
    }

    @Test func standardInputIsDrawnUnderItsNameByCheckAndByReport() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = try String(contentsOf: directory.appendingPathComponent("bad.ndjson"), encoding: .utf8)
        let fromFile = try LifelineCommandTests.run(["report", "bad.ndjson", "-o", "file.html"], in: directory)
        let fromInput = try LifelineCommandTests.run(["report", "-", "-o", "stdin.html"], in: directory, input: bad)
        #expect(fromFile.status == 0 && fromInput.status == 0, "\(fromInput.stderr)")
        #expect(fromInput.stdout.hasSuffix("wrote stdin.html (1 launch timeline)\n"))
        let expected = try Self.drawn(directory.appendingPathComponent("file.html"))
        #expect(expected.launches == ["L2 @ bad.ndjson:1"])
        #expect(expected.events == 4)
        #expect(expected.placed == [true, true])
        #expect(expected.findingLaunches == [0, 0])
        var fromStandardInput = expected
        fromStandardInput.launches = ["L2 @ -:1"]
        #expect(try Self.drawn(directory.appendingPathComponent("stdin.html")) == fromStandardInput)

        let named = try LifelineCommandTests.run(
            ["check", "legal.ndjson", "-", "--stdin-name", "gs://fleet/bad.ndjson", "--format", "html", "-o", "named.html"],
            in: directory, input: bad)
        #expect(named.status == 1)
        let html = try String(contentsOf: directory.appendingPathComponent("named.html"), encoding: .utf8)
        let launches = try #require(try ReportCommandTests.data("lifeline-data", in: html)["launches"] as? [[Any]])
        #expect(launches.count == 2, "the file's timeline and standard input's")
        let files = try (0..<launches.count).map { index in
            try #require(try ReportCommandTests.data("launch-\(index)", in: html)["e"] as? [[Any]]).count
        }
        #expect(files == [4, 4])
        #expect(html.contains("gs://fleet/bad.ndjson"))
        #expect(!html.contains("lifeline-stdin-"), "the temporary copy's path leaked into the report")
    }

    @Test func standardInputGivenTwiceIsStillAnErrorWithATimelineForTheFirst() throws {
        let directory = try CheckCommandTests.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = try String(contentsOf: directory.appendingPathComponent("bad.ndjson"), encoding: .utf8)
        let run = try LifelineCommandTests.run(["report", "-", "-", "-o", "twice.html"], in: directory, input: bad)
        #expect(run.status == 2)
        #expect(run.stderr.contains("-: error: standard input ('-') can be checked only once"))
        #expect(run.stdout.hasSuffix("wrote twice.html (1 launch timeline)\n"))
    }
}
