import LifelineSupport
import Testing

@testable import LifelineFormat

/// The word-at-a-time scans (``JSONLexis``, ``JSONScan``) and the UTF-8 check both JSON readers use,
/// against a byte-at-a-time reading of the same bytes.
@Suite("JSON scans eight bytes at a time")
struct JSONScanTests {
    static func isSpecial(_ byte: UInt8, nonASCII: Bool) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || (nonASCII && byte >= 0x80)
    }

    @Test func scansFindWhatAByteLoopFindsFromEveryOffset() {
        var random = SplitMix64(seed: 11)
        // Mostly plain bytes, with every kind of byte a scan stops at, and neighbours of each (0x1F/0x20, 0x7F/0x80, 0x21/0x23, 0x5B/0x5D, 0x09/0x0B).
        let rare: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0xC3, 0x21, 0x23, 0x5B, 0x5D, 0x09, 0x0B, 0xA2, 0xDC]
        for _ in 0..<300 {
            let count = Int(random.next() % 70)
            let bytes = (0..<count).map { _ in random.next() % 12 == 0 ? rare[Int(random.next() % UInt64(rare.count))] : UInt8(ascii: "a") }
            for start in 0...count {
                for nonASCII in [false, true] {
                    let expected = bytes[start...].firstIndex { Self.isSpecial($0, nonASCII: nonASCII) } ?? count
                    let found = bytes.withUnsafeBytes { JSONLexis.stringSpecial(in: $0, from: start, nonASCII: nonASCII) }
                    #expect(found == expected, "\(bytes) from \(start)")
                }
                #expect(JSONScan.newline(in: bytes, from: start) == (bytes[start...].firstIndex(of: 0x0A) ?? count))
            }
            #expect(JSONScan.newlineCount(in: bytes) == bytes.filter { $0 == 0x0A }.count)
        }
    }

    static func sequenceLength(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { UTF8Validation.sequenceLength(in: $0, at: 0) }
    }

    @Test func aSequenceIsWellFormedExactlyWhenStringValidatingAcceptsIt() {
        var wrong: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF {
                for third: UInt8 in [0x80, 0xBF, 0x41, 0xC0] {
                    for fourth: UInt8 in [0x80, 0x41] {
                        // A continuation byte after it, so that exactly one length can be well formed.
                        let bytes = [lead, second, third, fourth, 0x80]
                        let expected = (2...4).first { String(validating: bytes[0..<$0], as: UTF8.self) != nil }
                        if Self.sequenceLength(bytes) != expected { wrong.append(bytes) }
                        // Cut short by the end of the input, it is not.
                        if let expected, Self.sequenceLength(Array(bytes[0..<(expected - 1)])) != nil {
                            wrong.append(Array(bytes[0..<(expected - 1)]))
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }
}

/// One grammar, one set of words: a trace line (``JSONCursor``) and another tool's JSON (``JSONReader``)
/// refuse the same bad string or number with the same message, at the same byte.
@Suite("JSON errors read the same in both readers")
struct JSONLexisAgreementTests {
    static let fragments: [(json: String, message: String)] = [
        (#""a\qb""#, #"invalid escape '\q'"#),
        (#""\u12G4""#, #"expected four hex digits after '\u'"#),
        (#""\ud83d""#, #"unpaired surrogate in '\u' escape"#),
        (#""\ud83dx\ude00""#, #"unpaired surrogate in '\u' escape"#),
        (#""\ude00""#, #"unpaired surrogate in '\u' escape"#),
        ("\"a\u{1}b\"", #"control character in string (write it as \u0001)"#),
        ("01", "leading zeros are not allowed"),
        ("-", "invalid number"),
        ("1.", "invalid number"),
        ("1e+", "invalid number"),
    ]

    @Test("each bad fragment: the same message and column from both readers", arguments: fragments)
    func sameError(_ fragment: (json: String, message: String)) throws {
        let prefix = #"{"seq":1,"t":0,"event":"x","attrs":{"k":"#
        let line = prefix + fragment.json + "}}"
        var fromTrace: TraceFormatError?
        do { _ = try TraceRecord(parsing: line) } catch { fromTrace = error }
        var reader = JSONReader(Array(line.utf8))
        var fromReader: TraceFormatError?
        do { _ = try reader.read() } catch { fromReader = error }
        let trace = try #require(fromTrace, "the trace scanner accepted \(fragment.json)")
        let other = try #require(fromReader, "the JSON reader accepted \(fragment.json)")
        #expect(trace.message == fragment.message)
        #expect(other.message == fragment.message)
        #expect(trace.column == other.column, "\(fragment.json): \(trace) against \(other)")
        #expect(trace.column > prefix.utf8.count)
    }

    @Test("good escapes decode alike: the same text from both readers")
    func sameText() throws {
        let json = #""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00z""#
        var reader = JSONReader(Array(json.utf8))
        guard case .string(let text) = try reader.read() else { Issue.record("not a string"); return }
        let record = try TraceRecord(parsing: #"{"seq":1,"t":0,"event":"# + json + "}")
        guard case .event(let event) = record else { Issue.record("not an event"); return }
        #expect(text == "a\"\\/\u{8}\u{C}\n\r\té😀z")
        #expect(event.event.name == text)
    }
}
