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
        #expect(run.stderr.hasSuffix("exported 2 launches, 37 events, 4 findings to out.json\n"))
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
