import Foundation
import Testing

/// `-o FILE` and `--format` together: the file's extension chooses the format when `--format` does not,
/// and a `--format` that contradicts it is a usage error (exit status 2) that writes nothing.
@Suite("-o and --format")
struct OutputFormatCommandTests {
    typealias Command = LifelineCommandTests

    static let trace = CheckCommandTests.repository.appendingPathComponent("traces/bug-wrong-order.ndjson").path

    /// Each file name, and how the start of the file written under it shows its format.
    static let named: [(String, String)] = [
        ("out.sarif", "{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\""),
        ("OUT.SARIF", "{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\""),
        ("out.sarif.json", "{\n  \"$schema\" : \"https://json.schemastore.org/sarif-2.1.0.json\""),
        ("out.xml", "<?xml"),
        ("out.json", "{\n  \"assumed\""),
        ("out.jsonl", "{\"event\":"),
        ("out.ndjson", "{\"event\":"),
        ("out.html", "<!DOCTYPE html>"),
        ("out.log", Self.trace + ":21: info[scene.background-before-disconnect]"),
        ("out", Self.trace + ":21: info[scene.background-before-disconnect]"),
    ]

    @Test("check without --format writes what -o's extension names; an extension no format claims gets text", arguments: named)
    func checkInfersTheFormat(_ name: String, _ start: String) throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Command.run(["check", Self.trace, "--no-local-rules", "-o", name], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        #expect(written.hasPrefix(start), "\(written.prefix(200))")
    }

    @Test("a --format that contradicts -o's extension is a usage error that writes nothing; one that agrees is fine")
    func checkRefusesAContradiction() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Command.run(["check", Self.trace, "--format", "json", "-o", "x.sarif"], in: directory)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "Error: --format json contradicts -o x.sarif, which names sarif: leave out --format to write sarif, or name the file .json\n"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let text = try Command.run(["check", Self.trace, "--format", "text", "-o", "x.json"], in: directory)
        #expect(text.status == 2)
        #expect(text.stderr.contains("--format text contradicts -o x.json, which names json"))
        let agreed = try Command.run(["check", Self.trace, "--no-local-rules", "--format", "junit", "-o", "x.xml"], in: directory)
        #expect(agreed.status == 1)
        let github = try Command.run(["check", Self.trace, "--no-local-rules", "--format", "github", "-o", "x.txt"], in: directory)
        #expect(github.status == 1)
        #expect(try String(contentsOf: directory.appendingPathComponent("x.txt"), encoding: .utf8).hasPrefix("::notice file="))
    }

    @Test("watch chooses and refuses as check does, before it reads anything")
    func watch() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = try String(contentsOfFile: Self.trace, encoding: .utf8)
        let run = try Command.run(["watch", "-", "--no-local-rules", "-o", "w.xml"], in: directory, input: input)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(try String(contentsOf: directory.appendingPathComponent("w.xml"), encoding: .utf8).hasPrefix("<?xml"))
        let refused = try Command.run(["watch", "-", "--format", "sarif", "-o", "w.json"], in: directory, input: input)
        #expect(refused.status == 2)
        #expect(refused.stderr.hasPrefix("Error: --format sarif contradicts -o w.json, which names json"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("w.json").path))
    }

    @Test("export writes NDJSON to .ndjson and .jsonl and a Chrome trace to .json, and refuses a contradiction")
    func export() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, start) in [("e.ndjson", "{\"lifeline\":1,"), ("e.jsonl", "{\"lifeline\":1,"), ("e.json", "{\"displayTimeUnit\"")] {
            let run = try Command.run(["export", Self.trace, "--no-local-rules", "-o", name], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8).hasPrefix(start), "\(name)")
        }
        let refused = try Command.run(["export", Self.trace, "--format", "chrome", "-o", "x.ndjson"], in: directory)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "Error: --format chrome contradicts -o x.ndjson, which names ndjson: leave out --format to write ndjson, or name the file .json\n"
            ))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.ndjson").path))
    }

    @Test("report writes HTML, and refuses a file whose name asks for another format")
    func report() throws {
        let directory = try Command.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refused = try Command.run(["report", Self.trace, "-o", "r.sarif"], in: directory)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasPrefix(
                "Error: lifeline report writes an HTML page, and -o r.sarif names a sarif file: for that format, run 'lifeline check -o r.sarif'\n"
            ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        let page = try Command.run(["report", Self.trace, "--no-local-rules", "-o", "r.htm"], in: directory)
        #expect(page.status == 0, "\(page.stderr)")
    }
}
