import Foundation
import LifelineFormat
import LifelineSupport
import Testing

/// `lifeline check --jobs N`: inputs checked in parallel give the report one thread gives, byte for
/// byte, in every format.
@Suite("lifeline check --jobs: parallel inputs, the same report")
struct CheckJobsTests {
    /// A random scene-based trace: launches of callbacks and app spans in random order (so the
    /// catalogs find violations and pending obligations), sessions, scenes and seqs, with
    /// `continued` a rotated part continuing its last launch.
    static func randomTrace(_ random: inout SplitMix64, launch: String) -> (trace: String, continued: String) {
        let names = [
            "didFinishLaunching", "willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive",
            "sceneWillResignActive", "sceneDidEnterBackground", "sceneDidDisconnect", "state.save", "db.open",
        ]
        let phases = ["begin", "end", "instant"]
        var seq = 0
        var t = 0
        func events(_ count: Int) -> [String] {
            (0..<count).map { _ in
                seq += 1
                t += Int(random.next() % 3_000_000_000)
                let name = names[Int(random.next() % UInt64(names.count))]
                let phase = phases[Int(random.next() % 3)]
                return
                    #"{"seq":\#(seq),"t":\#(t),"event":"\#(name)","phase":"\#(phase)","session":"S\#(random.next() % 2)","scene":"c\#(random.next() % 2)"}"#
            }
        }
        let record = #"{"lifeline":1,"type":"launch","launch":"\#(launch)","lifecycle":"scene""#
        let trace = [record + "}"] + events(Int(random.next() % 12) + 1)
        let continued = [record + #","part":2}"#] + events(Int(random.next() % 6) + 1)
        return (trace.joined(separator: "\n") + "\n", continued.joined(separator: "\n") + "\n")
    }

    /// `count` small traces in `directory/traces`, some continued in rotated parts, one with a line
    /// that is not a record, and a database.
    static func fixture(_ count: Int) throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        let traces = directory.appendingPathComponent("traces")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        var random = SplitMix64(seed: 16)
        for index in 0..<count {
            let (trace, continued) = randomTrace(&random, launch: "L\(index)")
            let name = String(format: "t%03d", index)
            try trace.write(to: traces.appendingPathComponent(name + ".ndjson"), atomically: true, encoding: .utf8)
            if index % 7 == 3 {
                try continued.write(to: traces.appendingPathComponent(name + ".2.ndjson"), atomically: true, encoding: .utf8)
            }
        }
        try "{\"lifeline\":1,\"type\":\"launch\",\"launch\":\"G\"}\nnot a record\n".write(
            to: traces.appendingPathComponent("t050.ndjson"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func aFileOrDatabaseNamedTwiceIsCheckedOnce() throws {
        let directory = try Self.fixture(12)
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try LifelineCommandTests.run(["import", "traces/t001.ndjson", "traces/t002.ndjson", "--db", "a.db"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let common = ["check", "--no-local-rules", "--allow-skipped-lines", "--format", "json", "-j", "2"]
        func violationRows() throws -> String {
            try LifelineCommandTests.run(["repl", "a.db", "SELECT COUNT(*) FROM violation;"], in: directory).stdout
        }
        let once = try LifelineCommandTests.run(common + ["traces", "a.db"], in: directory)
        let rowsOnce = try violationRows()
        // The database by two paths, a trace by its directory and twice more by name.
        let twice = try LifelineCommandTests.run(
            common + ["traces", "a.db", "./a.db", "traces/t003.ndjson", "traces/../traces/t003.ndjson"], in: directory)
        #expect(once.status == 1, "\(once.stderr)")
        #expect(twice.status == once.status)
        #expect(twice.stdout == once.stdout)
        #expect(try violationRows() == rowsOnce)
        #expect(Int(rowsOnce.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 0, "\(rowsOnce)")
    }

    @Test func manySmallTracesGiveTheSameReportWithOneJobAndWithFour() throws {
        let directory = try Self.fixture(120)
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try LifelineCommandTests.run(["import", "traces/t001.ndjson", "traces/t002.ndjson", "--db", "a.db"], in: directory)
        #expect(imported.status == 0)
        for format in ["text", "json", "sarif", "junit"] {
            let arguments = [
                "check", "traces", "a.db", "traces/t007.ndjson", "--no-local-rules", "--allow-skipped-lines", "--format", format,
            ]
            let one = try LifelineCommandTests.run(arguments + ["--jobs", "1"], in: directory)
            let four = try LifelineCommandTests.run(arguments + ["-j", "4"], in: directory)
            #expect(one.status == 1, "\(format): \(one.stderr)")
            #expect(four.status == one.status)
            #expect(four.stdout == one.stdout, "\(format)")
            #expect(four.stderr == one.stderr, "\(format)")
        }
        // The report is in input order: the directory's files sorted, each rotated part with its file.
        let json = try LifelineCommandTests.run(["check", "traces", "--no-local-rules", "--format", "json", "-j", "3"], in: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let violations = try #require(object["violations"] as? [[String: Any]])
        let files = violations.compactMap { $0["file"] as? String }
        #expect(files.count == violations.count)
        #expect(violations.count > 50)
        let order = files.map { $0.replacingOccurrences(of: ".2.ndjson", with: ".ndjson") }
        #expect(order == order.sorted())
        #expect(files.contains("traces/t003.2.ndjson"))
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.map { $0["file"] as? String } == ["traces/t050.ndjson"])
        #expect(errors.first?["line"] as? Int == 2)
    }

    @Test func jobsMustBeAtLeastOne() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(["check", "x.ndjson", "--jobs", "0"], in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains("--jobs needs at least 1"))
    }
}
