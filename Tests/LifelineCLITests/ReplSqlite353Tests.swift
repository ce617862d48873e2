import Foundation
import GRDB
import LifelineTestSupport
import Testing

/// `lifeline repl` against what sqlite3 3.53 printed for the same scripts and command lines:
/// standard output, standard error and the exit status, byte for byte, with control characters
/// in the data. The reference outputs are recorded facts in `Sqlite353/NAME.golden` (CI has no
/// network and builds no sqlite); docs/repl.md says how to build sqlite3 3.53 and record them
/// again:
///
/// ```sh
/// Tests/update-goldens --sqlite3 /tmp/sqlite-3.53.4/sqlite3
/// ```
///
/// (which runs this suite with `LIFELINE_RECORD_SQLITE` naming that binary: each case is judged
/// against the new recording, which is left under `.build/pending-goldens/` for the script to move
/// into place; no test writes the source tree).
///
/// Each case says what must agree (``Sqlite353Case/Expectation``): everything; standard output
/// and the status, standard error being Lifeline's located diagnostics; or nothing, for a
/// difference docs/repl.md lists with its reason, where Lifeline's own output is recorded beside
/// sqlite3's and held to. Recording refuses a case marked identical that Lifeline does not match.
@Suite("lifeline repl against recorded sqlite3 3.53 outputs")
struct ReplSqlite353Tests {
    /// Where the golden files live, in the source tree (read only).
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sqlite353")

    @Test("each recorded case: lifeline repl prints what sqlite3 3.53 printed, or its documented difference", arguments: Sqlite353Case.all)
    func recorded(_ testCase: Sqlite353Case) throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lifeline = try Self.run(LifelineCommandTests.binary, ["repl"] + testCase.arguments, stdin: testCase.stdin, in: directory)
        let file = Self.goldens.appendingPathComponent(testCase.name + ".golden")
        var recorded = try? Data(contentsOf: file)
        if let sqlite3 = ProcessInfo.processInfo.environment["LIFELINE_RECORD_SQLITE"] {
            let reference = try Self.run(
                URL(fileURLWithPath: sqlite3), ["-readonly"] + testCase.arguments, stdin: testCase.stdin, in: directory,
                environment: ["HOME": directory.path])
            if testCase.reloads { try Self.checkReload(reference.stdout, of: testCase, sqlite3: sqlite3, in: directory) }
            let golden = Sqlite353Golden(case: testCase, sqlite3: reference, lifeline: lifeline)
            let fresh = golden.encoded(version: try Self.version(of: sqlite3))
            // A new recording is left for Tests/update-goldens, and judged here in place of the committed one.
            _ = Golden.compare(fresh, with: "Tests/LifelineCLITests/Sqlite353/\(testCase.name).golden")
            recorded = fresh
        }
        let golden = try Sqlite353Golden(decoding: try #require(recorded, "no \(file.lastPathComponent): record it (docs/repl.md)"))
        #expect(
            golden.arguments == testCase.arguments && golden.stdin == Data(testCase.stdin.utf8),
            "\(file.lastPathComponent) was recorded for another script: record it again (docs/repl.md)")
        let expected = testCase.expectation == .differs ? golden.lifeline! : golden.sqlite3
        #expect(lifeline.stdout == expected.stdout, "standard output\n\(Self.comparison(expected.stdout, lifeline.stdout))")
        #expect(lifeline.status == expected.status, "exit status")
        let expectedErrors = testCase.expectation == .identical ? golden.sqlite3.stderr : golden.lifeline!.stderr
        #expect(lifeline.stderr == expectedErrors, "standard error\n\(Self.comparison(expectedErrors, lifeline.stderr))")
    }

    @Test("every golden file belongs to a case, and every case has one")
    func noStrays() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.hasSuffix(".golden") })
        #expect(files == Set(Sqlite353Case.all.map { $0.name + ".golden" }))
        #expect(Set(Sqlite353Case.all.map(\.name)).count == Sqlite353Case.all.count, "two cases share a name")
    }

    // MARK: - Running

    /// What a run printed and how it exited, the workspace's path replaced with `$DIR` so that
    /// recordings do not depend on where they were made.
    struct Output: Equatable {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    static func run(
        _ executable: URL, _ arguments: [String], stdin: String, in directory: URL, environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["LIFELINE_HISTORY": "", "COLUMNS": "", "NO_COLOR": "1"].merging(environment) { $1 }
        ) { $1 }
        let input = directory.appendingPathComponent("stdin")
        let output = directory.appendingPathComponent("stdout")
        let errors = directory.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: input)
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let inputHandle = try FileHandle(forReadingFrom: input)
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        for handle in [inputHandle, outputHandle, errorHandle] { try handle.close() }
        func normalized(_ data: Data) -> Data {
            var text = [UInt8](data)
            let path = Array(directory.path.utf8)
            let replacement = Array("$DIR".utf8)
            var index = 0
            while index + path.count <= text.count {
                if text[index..<(index + path.count)].elementsEqual(path) {
                    text.replaceSubrange(index..<(index + path.count), with: replacement)
                    index += replacement.count
                } else {
                    index += 1
                }
            }
            return Data(text)
        }
        return Output(
            status: process.terminationStatus, stdout: normalized(try Data(contentsOf: output)),
            stderr: normalized(try Data(contentsOf: errors)))
    }

    /// A directory with the fixture traces imported into `lifeline.db`, and the databases the cases read.
    static func workspace() throws -> URL {
        let directory = try ReplCommandTests.workspace()
        try DatabaseQueue(path: directory.appendingPathComponent("values.db").path).write { db in
            try db.execute(sql: Sqlite353Case.valuesDatabase)
        }
        try DatabaseQueue(path: directory.appendingPathComponent("hostile.db").path).write { db in
            try db.execute(sql: Sqlite353Case.hostileDatabase)
        }
        try "SELECT 'in read';\n.exit 4\nSELECT 'never';\n".write(
            to: directory.appendingPathComponent("exit.sql"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Checks, when recording, that sqlite3 3.53 reads a dump back to a database that dumps the same.
    static func checkReload(_ dump: Data, of testCase: Sqlite353Case, sqlite3: String, in directory: URL) throws {
        let copy = directory.appendingPathComponent("reloaded.db")
        try? FileManager.default.removeItem(at: copy)
        let load = try run(URL(fileURLWithPath: sqlite3), [copy.path], stdin: String(decoding: dump, as: UTF8.self), in: directory)
        #expect(load.status == 0 && load.stderr.isEmpty, "sqlite3 3.53 could not read the dump back")
        let again = try run(URL(fileURLWithPath: sqlite3), [copy.path], stdin: testCase.stdin, in: directory)
        #expect(again.stdout == dump, "the reloaded database dumps differently")
    }

    static func version(of sqlite3: String) throws -> String {
        // A directory of its own: `run` keeps the streams in files there, and cases record in parallel.
        let directory = try workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try run(URL(fileURLWithPath: sqlite3), ["-version"], stdin: "", in: directory)
        return String(decoding: run.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Both texts, control characters visible, for a failed expectation.
    static func comparison(_ expected: Data, _ actual: Data) -> String {
        func visible(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self).unicodeScalars.map { scalar in
                scalar.value < 0x20 && scalar != "\n" ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }.joined()
        }
        return "expected:\n\(visible(expected))\nactual:\n\(visible(actual))"
    }
}

/// One golden file: a case's script and what sqlite3 3.53 did with it (and Lifeline, where they differ).
///
/// The file is text for a reader, with each block's length in bytes so that any bytes fit:
///
/// ```
/// # lifeline repl against sqlite3 3.53.4 2026-07-24 ...: mode-csv
/// # expectation: identical
/// arguments 2
/// -csv
/// values.db
/// stdin 17
/// SELECT 1, 'a,b';
///
/// sqlite3 status 0
/// sqlite3 stdout 8
/// 1,"a,b"
///
/// sqlite3 stderr 0
///
/// ```
struct Sqlite353Golden {
    var name: String
    var expectation: Sqlite353Case.Expectation
    var reason: String?
    var arguments: [String]
    var stdin: Data
    var sqlite3: ReplSqlite353Tests.Output
    /// Lifeline's output where it is allowed to differ (its standard error, or everything).
    var lifeline: ReplSqlite353Tests.Output?

    init(case testCase: Sqlite353Case, sqlite3: ReplSqlite353Tests.Output, lifeline: ReplSqlite353Tests.Output) {
        name = testCase.name
        expectation = testCase.expectation
        reason = testCase.reason
        arguments = testCase.arguments
        stdin = Data(testCase.stdin.utf8)
        self.sqlite3 = sqlite3
        self.lifeline = testCase.expectation == .identical ? nil : lifeline
    }

    func encoded(version: String) -> Data {
        var data = Data("# lifeline repl against sqlite3 \(version): \(name)\n# expectation: \(expectation.rawValue)\n".utf8)
        if let reason { data += Data("# why: \(reason)\n".utf8) }
        data += Data("arguments \(arguments.count)\n".utf8)
        for argument in arguments { data += block("argument", Data(argument.utf8)) }
        data += block("stdin", stdin)
        func output(_ label: String, _ output: ReplSqlite353Tests.Output) {
            data += Data("\(label) status \(output.status)\n".utf8)
            data += block("\(label) stdout", output.stdout)
            data += block("\(label) stderr", output.stderr)
        }
        output("sqlite3", sqlite3)
        if let lifeline { output("lifeline", lifeline) }
        return data
    }

    private func block(_ label: String, _ bytes: Data) -> Data {
        Data("\(label) \(bytes.count)\n".utf8) + bytes + Data("\n".utf8)
    }

    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    init(decoding data: Data) throws {
        let bytes = [UInt8](data)
        var index = 0
        func line() throws -> String {
            guard let end = bytes[index...].firstIndex(of: 0x0A) else { throw DecodingError(description: "unexpected end") }
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        func block(_ label: String) throws -> Data {
            let header = try line()
            guard header.hasPrefix(label + " "), let count = Int(header.dropFirst(label.count + 1)), index + count < bytes.count
            else { throw DecodingError(description: "expected '\(label) N', found '\(header)'") }
            defer { index += count + 1 }
            return Data(bytes[index..<(index + count)])
        }
        func value(_ label: String) throws -> String {
            let header = try line()
            guard header.hasPrefix(label + " ") else { throw DecodingError(description: "expected '\(label)', found '\(header)'") }
            return String(header.dropFirst(label.count + 1))
        }
        let title = try line()
        name = String(title.split(separator: " ").last ?? "")
        let expectationLine = try line()
        guard let expectation = Sqlite353Case.Expectation(rawValue: String(expectationLine.dropFirst("# expectation: ".count))) else {
            throw DecodingError(description: "unknown expectation '\(expectationLine)'")
        }
        self.expectation = expectation
        reason = nil
        if bytes[index...].starts(with: Array("# why: ".utf8)) { reason = String(try line().dropFirst("# why: ".count)) }
        let count = Int(try value("arguments")) ?? 0
        arguments = try (0..<count).map { _ in String(decoding: try block("argument"), as: UTF8.self) }
        stdin = try block("stdin")
        func output(_ label: String) throws -> ReplSqlite353Tests.Output {
            let status = Int32(try value("\(label) status")) ?? -1
            return ReplSqlite353Tests.Output(status: status, stdout: try block("\(label) stdout"), stderr: try block("\(label) stderr"))
        }
        sqlite3 = try output("sqlite3")
        lifeline = index < bytes.count ? try output("lifeline") : nil
    }
}
