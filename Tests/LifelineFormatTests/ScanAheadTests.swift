import Foundation
import Testing

@testable import LifelineFormat

/// `TraceLineReader.forEachLineScannedAhead`: the lines a second thread reads and scans are the
/// lines `forEachLine` gives, with the scan the caller would make, across any batch size.
@Suite("Reading and scanning ahead on a second thread")
struct ScanAheadTests {
    static let trace = [
        #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"#,
        #"{"seq":1,"t":10,"event":"didFinishLaunching"}"#,
        "",
        "  \t",
        #"{"seq":2,"t":20,"event":"willConnectTo","session":"S1","scene":"a"}"#,
        #"{"seq":3,"t":30,"event":"sync.upload","session":"S\u00e91","attrs":{"n":1}}"#,
        "not a record",
        #"{"seq":4,"t":40,"event":"db.open","phase":"begin","thread":"main"}"# + "\r",
        #"{"lifeline":1,"type":"launch","launch":"L2","lifecycle":"scene"}"#,
        #"{"seq":1,"t":5,"event":"sceneDidBecomeActive","session":"S2"}"#,
        #"{"seq":2,"t":6,"event":"sceneDid"#,
    ].joined(separator: "\n")

    /// What a caller sees: each line's text, number, terminator and record (or the scan's error),
    /// the record built from the other thread's compact event when there is one.
    static func described(_ bytes: UnsafeRawBufferPointer, _ number: Int, _ terminated: Bool, _ scanned: ScannedEvent?) -> String {
        var scanner = TraceLineScanner()
        let text = String(decoding: bytes, as: UTF8.self)
        if let scanned {
            let record = TraceRecord.event(EventRecord(scanned, line: bytes, scratch: UnsafeRawBufferPointer(start: nil, count: 0)))
            return "\(number) \(terminated) \(text) -> \(record)"
        }
        do throws(TraceFormatError) {
            let line = try scanner.scan(bytes, lineNumber: number)
            return "\(number) \(terminated) \(text) -> \(TraceRecord(line, line: bytes, scanner: scanner))"
        } catch {
            return "\(number) \(terminated) \(text) -> \(error.diagnostic.in(file: "t").description)"
        }
    }

    @Test("every line that is not blank, in order, with the scan the caller would make", arguments: [1, 2, 3, 5, 2048])
    func sameLines(linesPerBatch: Int) throws {
        let path = try TraceLineReaderTests.temporaryFile(Array(Self.trace.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var expected: [String] = []
        var reader = try TraceLineReader(path: path)
        reader.forEachLine { bytes, number, terminated in
            if !TraceLineScanner.isBlank(bytes) { expected.append(Self.described(bytes, number, terminated, nil)) }
            return true
        }
        var seen: [String] = []
        var scannedElsewhere = 0
        try TraceLineReader.forEachLineScannedAhead(
            linesPerBatch: linesPerBatch, opening: { () throws(TraceFileError) in try TraceLineReader(path: path) }
        ) { bytes, line in
            if line.event != nil { scannedElsewhere += 1 }
            seen.append(Self.described(bytes, line.number, line.terminated, line.event))
        }
        #expect(seen == expected)
        #expect(seen.count == 9)
        // The plain events; not the launches, the escaped session, the bad and the torn line.
        #expect(scannedElsewhere == 4)
    }

    @Test("a compact event gives the record its scanned line gives, escaped strings included")
    func compactEvents() throws {
        let lines = [
            #"{"seq":1,"t":10,"event":"didFinishLaunching"}"#,
            #"{"seq":2,"t":20,"event":"willConnectTo","phase":"begin","session":"S1","scene":"a","thread":"main"}"#,
            #"{"seq":3,"t":30,"event":"sync.upload","session":"S\u00e91","scene":"b\"c","attrs":{"n":1,"s":["x"]}}"#,
            #"{"seq":4,"t":40,"event":"db.\u006fpen","phase":"end","thread":"w\tk","attrs":{}}"#,
            #"{"seq":5,"t":50,"event":"sceneDidDisconnect","session":null,"scene":null,"attrs":null}"#,
        ]
        for text in lines {
            var utf8 = Array(text.utf8)
            try utf8.withUnsafeMutableBytes { buffer in
                let bytes = UnsafeRawBufferPointer(buffer)
                var scanner = TraceLineScanner()
                let scanned = try scanner.scan(bytes, lineNumber: 1)
                let event = try #require(ScannedEvent(scanned, lineLength: bytes.count, scratchLength: scanner.scratch.count))
                let compact = scanner.scratch.withUnsafeBytes { EventRecord(event, line: bytes, scratch: $0) }
                #expect(TraceRecord.event(compact) == TraceRecord(scanned, line: bytes, scanner: scanner), "\(text)")
                #expect(event.session.isAbsent == (scanned.session == nil))
            }
        }
        var launch = Array(#"{"lifeline":1,"type":"launch"}"#.utf8)
        try launch.withUnsafeMutableBytes { buffer in
            var scanner = TraceLineScanner()
            let scanned = try scanner.scan(UnsafeRawBufferPointer(buffer), lineNumber: 1)
            #expect(ScannedEvent(scanned, lineLength: buffer.count, scratchLength: 0) == nil)
        }
    }

    @Test("an input that cannot be opened, or a line too long, throws after the lines before it")
    func errors() throws {
        var lines = 0
        #expect(throws: TraceFileError.self) {
            try TraceLineReader.forEachLineScannedAhead(opening: { () throws(TraceFileError) in
                try TraceLineReader(path: "/nonexistent/lifeline.ndjson")
            }) { _, _ in lines += 1 }
        }
        #expect(lines == 0)

        let path = try TraceLineReaderTests.temporaryFile(Array((Self.trace + "\n" + String(repeating: "x", count: 300) + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: TraceFileError.self) {
            try TraceLineReader.forEachLineScannedAhead(opening: { () throws(TraceFileError) in
                var reader = try TraceLineReader(path: path, chunkSize: 64)
                reader.maximumLineLength = 100
                return reader
            }) { _, _ in lines += 1 }
        }
        #expect(lines == 9)
        #expect(error?.line == 12)
    }
}
