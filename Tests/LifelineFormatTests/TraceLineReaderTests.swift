import Foundation
import LifelineFormat
import Testing

@Suite("Trace line reader")
struct TraceLineReaderTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "lifeline-reader-\(UUID().uuidString).ndjson"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func lines(of path: String, chunkSize: Int) throws -> [(String, Int, Bool)] {
        var reader = try TraceLineReader(path: path, chunkSize: chunkSize)
        var result: [(String, Int, Bool)] = []
        reader.forEachLine { bytes, number, terminated in
            result.append((String(decoding: bytes, as: UTF8.self), number, terminated))
            return true
        }
        try reader.checkReadError()
        return result
    }

    @Test("lines split the same whatever the chunk size", arguments: [64, 65, 100, 1 << 20])
    func chunkBoundaries(chunkSize: Int) throws {
        let lines = (0..<200).map { "line \($0) " + String(repeating: "x", count: $0 % 150) }
        let path = try Self.temporaryFile(Array((lines.joined(separator: "\n") + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Self.lines(of: path, chunkSize: chunkSize)
        #expect(read.map(\.0) == lines)
        #expect(read.map(\.1) == Array(1...200))
        #expect(read.allSatisfy { $0.2 })
    }

    @Test("CRLF terminators and a byte-order mark are handled")
    func crlfAndBOM() throws {
        let path = try Self.temporaryFile([0xEF, 0xBB, 0xBF] + Array("a\r\nb\r\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Self.lines(of: path, chunkSize: 64)
        #expect(read.map(\.0) == ["a", "b"])
    }

    @Test("an unterminated last line is delivered and flagged")
    func unterminated() throws {
        let path = try Self.temporaryFile(Array("one\ntwo".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try Self.lines(of: path, chunkSize: 64)
        #expect(read.map(\.0) == ["one", "two"])
        #expect(read.map(\.2) == [true, false])
    }

    @Test("the offset after the last whole line is known, and reading can resume there")
    func resume() throws {
        let path = try Self.temporaryFile(Array("one\ntwo\nthr".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try TraceLineReader(path: path, chunkSize: 64)
        reader.forEachLine { _, _, _ in true }
        #expect(reader.terminatedOffset == 8)
        var resumed = try TraceLineReader(path: path, chunkSize: 64)
        try resumed.seek(to: 4)
        var seen: [String] = []
        resumed.forEachLine(firstLine: 2) { bytes, number, _ in
            seen.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
            return true
        }
        #expect(seen == ["2:two", "3:thr"])
    }

    @Test(
        "a line longer than the limit stops the reading with an error at that line, and memory stays bounded",
        arguments: [(64, 100), (64, 64), (1 << 20, 1000)])
    func overlongLine(chunkSize: Int, limit: Int) throws {
        // Line 3 is ten times the limit, terminated or not; lines 1 and 2 are exactly at it and under it.
        for terminated in [true, false] {
            let atLimit = String(repeating: "a", count: limit)
            let text = atLimit + "\nshort\n" + String(repeating: "x", count: limit * 10) + (terminated ? "\nafter\n" : "")
            let path = try Self.temporaryFile(Array(text.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            var reader = try TraceLineReader(path: path, chunkSize: chunkSize)
            reader.maximumLineLength = limit
            var seen: [String] = []
            reader.forEachLine { bytes, _, _ in
                seen.append(String(decoding: bytes, as: UTF8.self))
                return true
            }
            #expect(seen == [atLimit, "short"])
            #expect(reader.overlongLine == 3)
            #expect(throws: TraceFileError.self) { try reader.checkReadError() }
            do {
                try reader.checkReadError()
            } catch {
                #expect(error.line == 3)
                #expect(
                    error.description
                        == "\(path):3:1: error: cannot read: the line is longer than \(limit) bytes, the most a trace line may hold")
            }
        }
    }

    @Test("the default limit is 16 MiB and is named in whole mebibytes")
    func defaultLimit() throws {
        #expect(TraceLineReader.defaultMaximumLineLength == 16 << 20)
        let path = try Self.temporaryFile(Array((String(repeating: "y", count: (16 << 20) + 1) + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var reader = try TraceLineReader(path: path)
        reader.forEachLine { _, _, _ in true }
        #expect(
            throws: TraceFileError(
                path: path, operation: "read", errno: 0,
                reason: "the line is longer than 16 MiB, the most a trace line may hold", line: 1)
        ) { try reader.checkReadError() }
    }

    @Test("a missing file is a located error")
    func missingFile() {
        do {
            let reader = try TraceLineReader(path: "/nonexistent/x.ndjson")
            Issue.record("opened \(reader.path)")
        } catch {
            #expect(error.description == "/nonexistent/x.ndjson: error: cannot open: No such file or directory")
        }
    }
}

@Suite("Trace files and validation")
struct TraceValidatorTests {
    static func fixture(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!.path
    }

    @Test("a valid file with two launches and a blank line reads whole")
    func validFile() throws {
        let file = try TraceFile(contentsOf: Self.fixture("scene-launch.ndjson"))
        #expect(file.errors.isEmpty)
        #expect(file.records.count == 10)
        #expect(
            file.events.map(\.event.callback) == [
                .didFinishLaunching, .didFinishLaunching, .configurationForConnecting, .willConnectTo,
                .sceneWillEnterForeground, .sceneDidBecomeActive, .didFinishLaunching, .willConnectTo,
            ])
        #expect(file.lines.last?.number == 11)
        let report = try TraceValidator.validate(path: Self.fixture("scene-launch.ndjson"))
        #expect(report.launches == 2)
        #expect(report.events == 8)
        #expect(report.diagnostics.isEmpty)
    }

    @Test("order problems are reported at their line and column")
    func orderProblems() throws {
        let report = try TraceValidator.validate(path: Self.fixture("bad-order.ndjson"))
        #expect(
            report.diagnostics.map(\.description) == [
                "1:1: error: event before any launch record",
                "2:1: warning: 1 scene callback names its session but no scene: per-scene rules judge each session's as one scene; "
                    + "record the scene to judge each window apart (recorder.record(_:scene:) in docs/recorder.md)",
                "4:8: error: seq 1 does not increase (line 3 had seq 1)",
                "4:14: error: t decreases from 100 to 90 (line 3)",
                #"5:8: error: expected integer for "seq""#,
                "6:60: warning: 'end' of sceneDidEnterBackground(_:) with no open 'begin'",
            ])
        #expect(report.errorCount == 4)
        #expect(report.warningCount == 2)
    }

    @Test("a torn last line is a warning, not an error")
    func tornLastLine() throws {
        let report = try TraceValidator.validate(path: Self.fixture("torn-last-line.ndjson"))
        #expect(
            report.diagnostics.map(\.description) == [
                "2:38: warning: last line is not terminated (the producer stopped mid-write)"
            ])
        let file = try TraceFile(contentsOf: Self.fixture("torn-last-line.ndjson"))
        #expect(file.hasUnterminatedLastLine)
        #expect(file.errors.isEmpty)
        #expect(file.records.count == 1)
    }

    @Test("a rotated part may end spans its previous part began")
    func continuedLaunch() throws {
        let path = NSTemporaryDirectory() + "lifeline-part-\(UUID().uuidString).ndjson"
        try """
        {"lifeline":1,"type":"launch","launch":"P","part":2}
        {"seq":90,"t":5,"event":"sceneDidEnterBackground","phase":"end","session":"S1","scene":"A"}

        """.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try TraceValidator.validate(path: path).diagnostics.isEmpty)
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test("RFC 3339 times parse to nanoseconds since 1970")
    func parse() {
        #expect(Timestamp.parse("1970-01-01T00:00:00Z") == 0)
        #expect(Timestamp.parse("2026-11-21T10:00:00.000Z") == 1_795_255_200_000_000_000)
        #expect(Timestamp.parse("2026-11-21T11:00:00.5+01:00") == 1_795_255_200_500_000_000)
        #expect(Timestamp.parse("2024-02-29T00:00:00Z") != nil)
        #expect(Timestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2026-11-21 10:00:00Z") != nil)
        #expect(Timestamp.parse("2026-11-21T10:00:00") == nil)
        #expect(Timestamp.parse("yesterday") == nil)
    }

    @Test(
        "times outside Int64 nanoseconds are out of range, not a trap",
        arguments: [
            "1600-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z",
            "2262-04-11T23:47:16.854775808Z", "1677-09-21T00:12:43.145224191Z", "2262-04-12T00:00:00+00:01",
        ])
    func outOfRange(_ text: String) {
        #expect(Timestamp.parse(text) == nil)
        #expect(throws: Timestamp.Failure.outOfRange) { try Timestamp.nanoseconds(text) }
    }

    @Test("the first and last representable times parse exactly")
    func limits() throws {
        #expect(try Timestamp.nanoseconds("2262-04-11T23:47:16.854775807Z") == .max)
        #expect(try Timestamp.nanoseconds("1677-09-21T00:12:43.145224192Z") == .min)
        #expect(throws: Timestamp.Failure.malformed) { try Timestamp.nanoseconds("1600-13-01T00:00:00Z") }
    }

    @Test(
        "every Int64 formats, the extremes included",
        arguments: [
            (Int64.min, "1677-09-21T00:12:43.145Z"), (.max, "2262-04-11T23:47:16.854Z"), (-1, "1969-12-31T23:59:59.999Z"),
            (-1_000_000_000, "1969-12-31T23:59:59.000Z"),
        ])
    func formatExtremes(_ nanoseconds: Int64, _ text: String) {
        #expect(Timestamp.format(nanosecondsSince1970: nanoseconds) == text)
    }

    @Test("formatting and parsing agree", arguments: [Int64(0), 1_795_255_200_123_000_000, 951_782_400_000_000_000, -86_400_000_000_000])
    func roundTrip(_ nanoseconds: Int64) {
        let text = Timestamp.format(nanosecondsSince1970: nanoseconds)
        #expect(Timestamp.parse(text) == nanoseconds)
    }
}
