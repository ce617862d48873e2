import Foundation
import LifelineSupport
import Testing

@testable import LifelineFormat

/// The scanner matches a record's keys from one eight-byte word when it can, and its integers
/// without overflow checks up to eighteen digits: both must agree with the general path.
@Suite("Matching field keys a word at a time, and integers")
struct FieldKeyWordTests {
    static func word(_ bytes: [UInt8]) -> UInt64 {
        (bytes + [UInt8](repeating: 0x2C, count: 8)).prefix(8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    @Test func everyKeyOfUpToSevenBytesMatchesFromItsWord() {
        for field in TraceField.allCases {
            let key = Array(
                field.key.utf8Start.withMemoryRebound(to: UInt8.self, capacity: field.key.utf8CodeUnitCount) {
                    UnsafeBufferPointer(start: $0, count: field.key.utf8CodeUnitCount)
                })
            let found = TraceField.match(word: Self.word(key + Array(#"":1"#.utf8)))
            if key.count <= 7 {
                #expect(found?.field == field, "\(field)")
                #expect(found?.length == key.count, "\(field)")
            } else {
                #expect(found == nil, "\(field)")
            }
        }
    }

    @Test func theWordMatchAgreesWithTheByteMatch() {
        var random = SplitMix64(seed: 0xF1E1D)
        let keys = TraceField.allCases.map { String(describing: $0.key) }
        let alphabet = Array("seqthrdcnpamioyv\"\\:,x".utf8)
        for round in 0..<100_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                // A real key, maybe changed in one byte, then a quote and filler.
                bytes = Array(keys[Int(random.next() % UInt64(keys.count))].utf8)
                if round % 4 == 0 {
                    bytes[Int(random.next() % UInt64(bytes.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
                bytes += Array(#"":"#.utf8)
            } else {
                bytes = (0..<8).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            }
            let word = Self.word(bytes)
            let eight = Array((bytes + [UInt8](repeating: 0x2C, count: 8)).prefix(8))
            let found = TraceField.match(word: word)
            if let quote = eight.firstIndex(of: 0x22) {
                let expected = Array(eight[..<quote]).withUnsafeBytes { TraceField.match($0) }
                #expect(found?.field == expected, "\(String(decoding: eight, as: UTF8.self))")
                if found != nil { #expect(found?.length == quote) }
            } else {
                #expect(found == nil, "\(String(decoding: eight, as: UTF8.self))")
            }
        }
    }

    @Test func keysParseTheSameWhetherMatchedByWordOrScanned() throws {
        let plain = #"{"seq":7,"t":9,"event":"db.open","phase":"begin","session":"S1","scene":"a","thread":"main","attrs":{"n":1}}"#
        let expected = try TraceRecord(parsing: plain)
        // Escaped keys, and keys so close to the line's end that no word fits, take the general path.
        let escaped =
            #"{"se\u0071":7,"\u0074":9,"even\u0074":"db.open","phas\u0065":"begin","session":"S1","scene":"a","thread":"main","attr\u0073":{"n":1}}"#
        #expect(try TraceRecord(parsing: escaped) == expected)
        let reordered = #"{"attrs":{"n":1},"thread":"main","scene":"a","session":"S1","phase":"begin","event":"db.open","t":9,"seq":7}"#
        #expect(try TraceRecord(parsing: reordered) == expected)
        let spaced =
            #"{ "seq" : 7 , "t" : 9 , "event" : "db.open" , "phase" : "begin" , "session" : "S1" , "scene" : "a" , "thread" : "main" , "attrs" : {"n":1} }"#
        #expect(try TraceRecord(parsing: spaced) == expected)
        // A key cut short at the end of the line is still reported where its string starts.
        let cut = #"{"seq":7,"t":9,"event":"x","se"#
        #expect(throws: TraceFormatError(.syntax, "unterminated string", line: 1, column: cut.utf8.count - 2)) {
            try TraceRecord(parsing: cut)
        }
        #expect(throws: TraceFormatError.self) { try TraceRecord(parsing: #"{"seq":7,"t":9,"event":"x","seq":8}"#) }
    }

    @Test func integersOfEveryLengthScanAsWithOverflowChecks() throws {
        for digits in 1...21 {
            let text = String(repeating: "9", count: digits)
            let line = #"{"seq":\#(text),"t":0,"event":"x"}"#
            if let value = Int64(text) {
                guard case .event(let event) = try TraceRecord(parsing: line) else {
                    Issue.record("not an event")
                    continue
                }
                #expect(event.seq == value)
            } else {
                #expect(throws: TraceFormatError(.invalidValue, "integer out of range for \"seq\"", line: 1, column: 8)) {
                    try TraceRecord(parsing: line)
                }
            }
        }
        let largest = #"{"seq":9223372036854775807,"t":0,"event":"x"}"#
        if case .event(let event) = try TraceRecord(parsing: largest) {
            #expect(event.seq == Int64.max)
        } else {
            Issue.record("not an event")
        }
        #expect(throws: TraceFormatError(.invalidValue, "integer out of range for \"seq\"", line: 1, column: 8)) {
            try TraceRecord(parsing: #"{"seq":9223372036854775808,"t":0,"event":"x"}"#)
        }
        #expect(throws: TraceFormatError(.invalidValue, "integer out of range for \"seq\"", line: 1, column: 8)) {
            try TraceRecord(parsing: #"{"seq":18446744073709551626,"t":0,"event":"x"}"#)
        }
    }
}
