import LifelineFormat
import LifelineSupport
import Testing

/// The reader's fast paths — skipping a value, selecting an object's members, reading an array or
/// object piece by piece — against building the whole value (`read()`), on random JSON and its
/// truncations and corruptions: the same values, or the same error at the same place.
@Suite("JSON reader: fast paths agree with building")
struct JSONReaderDifferentialTests {
    /// What reading one document gave: the value, or the error's code, message and place.
    enum Outcome: Equatable {
        case value(JSONValue)
        case skipped
        case error(TraceFormatError.Code, String, Int, Int)

        init(_ error: TraceFormatError) { self = .error(error.code, error.message, error.line, error.column) }

        /// The same outcome with a successful read seen only as "it read".
        var readOrError: Outcome {
            if case .value = self { return .skipped }
            return self
        }
    }

    /// Reads the whole document as `read()` does.
    static func built(_ bytes: [UInt8], lenient: Bool = false) -> Outcome {
        var reader = JSONReader(bytes)
        reader.allowsUnclosedTopLevelArray = lenient
        do throws(TraceFormatError) {
            return .value(try reader.read())
        } catch {
            return Outcome(error)
        }
    }

    /// The check `read()` makes after its value, for the piecewise readers.
    static func finish(_ reader: inout JSONReader) throws(TraceFormatError) {
        guard reader.atEnd() else {
            throw TraceFormatError(
                .syntax, "unexpected text after the JSON value", line: reader.location.line, column: reader.location.column)
        }
    }

    static func skipped(_ bytes: [UInt8], lenient: Bool = false) -> Outcome {
        var reader = JSONReader(bytes)
        reader.allowsUnclosedTopLevelArray = lenient
        do throws(TraceFormatError) {
            try reader.skipValue()
            try finish(&reader)
            return .skipped
        } catch {
            return Outcome(error)
        }
    }

    /// Reads an object by `readObject(selecting:into:)` and builds the selected members from their spans.
    static func selected(_ bytes: [UInt8], keys: [String]) -> (Outcome, [JSONValue?]) {
        var reader = JSONReader(bytes)
        var spans: [JSONSpan?] = []
        do throws(TraceFormatError) {
            try reader.readObject(selecting: keys.map { Array($0.utf8) }, into: &spans)
            try finish(&reader)
            return (.skipped, spans.map { $0.flatMap(reader.value(in:)) })
        } catch {
            return (Outcome(error), [])
        }
    }

    /// Reads the top-level array or object piece by piece, building each element or member, and
    /// puts the value back together; `skipEvery` skips some members instead (left out of the value).
    static func piecewise(_ bytes: [UInt8], lenient: Bool = false, skipEvery: Int = 0) -> Outcome {
        var reader = JSONReader(bytes)
        reader.allowsUnclosedTopLevelArray = lenient
        var count = 0
        do throws(TraceFormatError) {
            let value: JSONValue
            switch reader.peek() {
            case UInt8(ascii: "["):
                var items: [JSONValue] = []
                try reader.forEachElement { (reader: inout JSONReader) throws(TraceFormatError) in
                    count += 1
                    if skipEvery > 0, count % skipEvery == 0 { return try reader.skipValue() }
                    items.append(try reader.readValue())
                }
                value = .array(items)
            case UInt8(ascii: "{"):
                var members: [(key: String, value: JSONValue)] = []
                let start = try reader.forEachMember { (reader: inout JSONReader, key: String) throws(TraceFormatError) in
                    count += 1
                    if skipEvery > 0, count % skipEvery == 0 { return try reader.skipValue() }
                    members.append((key, try reader.readValue()))
                }
                value = .object(JSONObject(members: members, line: start.line, column: start.column))
            default:
                value = try reader.readValue()
            }
            try finish(&reader)
            return .value(value)
        } catch {
            return Outcome(error)
        }
    }

    /// `value` with every `skipEvery`-th element or member of the top level left out, as `piecewise` leaves them.
    static func leavingOut(_ value: JSONValue, every skipEvery: Int) -> JSONValue {
        switch value {
        case .array(let items):
            return .array(items.enumerated().filter { ($0.offset + 1) % skipEvery != 0 }.map(\.element))
        case .object(var object):
            object.members = object.members.enumerated().filter { ($0.offset + 1) % skipEvery != 0 }.map(\.element)
            return .object(object)
        default: return value
        }
    }

    /// Checks every fast path against building, on one document.
    static func checkAgreement(_ bytes: [UInt8], keys: [String], _ comment: Comment) {
        let reference = built(bytes)
        #expect(skipped(bytes) == reference.readOrError, comment)
        #expect(piecewise(bytes) == reference, comment)
        if case .value(let value) = reference {
            #expect(piecewise(bytes, skipEvery: 2) == .value(leavingOut(value, every: 2)), comment)
        } else {
            #expect(piecewise(bytes, skipEvery: 2) == reference, comment)
        }
        let lenient = built(bytes, lenient: true)
        #expect(skipped(bytes, lenient: true) == lenient.readOrError, comment)
        #expect(piecewise(bytes, lenient: true) == lenient, comment)
        var peek = JSONReader(bytes)
        guard peek.peek() == UInt8(ascii: "{") else { return }
        let (outcome, values) = selected(bytes, keys: keys)
        #expect(outcome == reference.readOrError, comment)
        if case .value(.object(let object)) = reference {
            // Keys compare by their UTF-8, as JSON's do ("e\u0301" is not "é"), not as Swift strings.
            let expected = keys.map { key in object.members.first { $0.key.utf8.elementsEqual(key.utf8) }?.value }
            #expect(values == expected, comment)
        }
    }

    // MARK: - Random JSON

    /// Random JSON text: nested containers, strings with escapes and multi-byte characters,
    /// numbers, literals and whitespace with newlines; valid unless `corrupt`.
    struct Generator {
        var random: SplitMix64

        mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

        static let keys = ["eventType", "eventMessage", "a", "b", "e\\u0301", "traceEvents", "k\\\"ey", "ü", ""]

        mutating func whitespace(_ out: inout [UInt8]) {
            for _ in 0..<pick(3) { out.append([0x20, 0x0A, 0x09, 0x0D, 0x20][pick(5)]) }
        }

        /// String contents: long plain runs (to cross 8-byte words) with escapes and multi-byte characters.
        mutating func stringContents(_ out: inout [UInt8]) {
            for _ in 0..<pick(6) {
                switch pick(9) {
                case 0: out.append(contentsOf: Array(repeating: UInt8(ascii: "x"), count: pick(40)))
                case 1: out.append(contentsOf: ["\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b", "\\f", "\\r"][pick(8)].utf8)
                case 2: out.append(contentsOf: ["\\u00e9", "\\u0000", "\\uD83D\\uDE00", "\\u2028", "\\u001F"][pick(5)].utf8)
                case 3: out.append(contentsOf: "é中😀ü".utf8)
                case 4: out.append(contentsOf: "/System/Library/Frameworks/UIKitCore.framework/UIKitCore".utf8)
                case 5: out.append(contentsOf: "0123456789ABCDEF".utf8)
                default: out.append(contentsOf: "SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>".utf8)
                }
            }
        }

        mutating func value(_ out: inout [UInt8], depth: Int) {
            whitespace(&out)
            switch depth > 4 ? 2 + pick(4) : pick(6) {
            case 0:
                out.append(UInt8(ascii: "{"))
                for index in 0..<pick(5) {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    whitespace(&out)
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: Self.keys[pick(Self.keys.count)].utf8)
                    out.append(UInt8(ascii: "\""))
                    whitespace(&out)
                    out.append(UInt8(ascii: ":"))
                    value(&out, depth: depth + 1)
                }
                whitespace(&out)
                out.append(UInt8(ascii: "}"))
            case 1:
                out.append(UInt8(ascii: "["))
                for index in 0..<pick(5) {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    value(&out, depth: depth + 1)
                }
                whitespace(&out)
                out.append(UInt8(ascii: "]"))
            case 2, 3:
                out.append(UInt8(ascii: "\""))
                stringContents(&out)
                out.append(UInt8(ascii: "\""))
            case 4:
                out.append(contentsOf: ["0", "-12", "3.25", "1e9", "-0.5E-3", "12345678901234567890"][pick(6)].utf8)
            default:
                out.append(contentsOf: ["true", "false", "null"][pick(3)].utf8)
            }
            whitespace(&out)
        }

        /// A document: an object most of the time (the shape of an entry and of a Chrome trace).
        mutating func document() -> [UInt8] {
            var out: [UInt8] = []
            if pick(4) == 0 {
                value(&out, depth: 0)
            } else {
                out.append(UInt8(ascii: "{"))
                for index in 0..<(1 + pick(6)) {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: Self.keys[pick(Self.keys.count)].utf8)
                    out.append(contentsOf: "\":".utf8)
                    value(&out, depth: 1)
                }
                out.append(UInt8(ascii: "}"))
            }
            return out
        }

        /// The document broken one way: cut short, a byte replaced by one JSON cares about, or by
        /// a byte that is not UTF-8, a control character, or a stray continuation byte.
        mutating func corrupt(_ document: [UInt8]) -> [UInt8] {
            guard !document.isEmpty else { return document }
            var out = document
            let at = pick(out.count)
            switch pick(5) {
            case 0: out.removeSubrange(at...)
            case 1: out[at] = Array("\"\\{}[],:0-eu ".utf8)[pick(13)]
            case 2: out[at] = [0xFF, 0xC0, 0x80, 0xED, 0xF4, 0xF5, 0xE0][pick(7)]
            case 3: out[at] = UInt8(pick(0x20))
            default: out.insert(contentsOf: [[0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xC3]][pick(4)], at: at)
            }
            return out
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomDocumentsAndTheirCorruptionsReadTheSameEveryWay(seed: UInt64) {
        var generator = Generator(random: SplitMix64(seed: seed))
        let keys = ["eventType", "eventMessage", "a", "é", "k\"ey", "missing"]
        for round in 0..<400 {
            let document = generator.document()
            Self.checkAgreement(document, keys: keys, "seed \(seed) round \(round): \(String(decoding: document, as: UTF8.self))")
            for variant in 0..<3 {
                let broken = generator.corrupt(document)
                Self.checkAgreement(
                    broken, keys: keys, "seed \(seed) round \(round) variant \(variant): \(String(decoding: broken, as: UTF8.self))")
            }
        }
    }

    // MARK: - Every position against the scan's words

    /// Each thing that ends a plain run of string contents, placed at every offset from 0 to 40
    /// (so at every position of an 8-byte word and across 16- and 32-byte boundaries), in a member
    /// that is skipped and in one that is read.
    @Test func eachSpecialByteAtEveryOffsetOfAWord() {
        let specials: [[UInt8]] = [
            Array("\\\"".utf8), Array("\\\\".utf8), Array("\\u00e9".utf8), Array("\\uD83D\\uDE00".utf8), Array("\\q".utf8),
            Array("\\u12".utf8), Array("\\uDC00".utf8), Array("é".utf8), Array("😀".utf8), [0xC3], [0xFF], [0xED, 0xA0, 0x80],
            [0xE0, 0x80, 0x80], [0x1F], [0x0A], [0x7F], Array("\"".utf8), [],
        ]
        for special in specials {
            for before in 0...40 {
                for after in [0, 1, 7, 8, 9, 31] {
                    let contents =
                        Array(repeating: UInt8(ascii: "a"), count: before) + special + Array(repeating: UInt8(ascii: "b"), count: after)
                    let whole =
                        Array(#"{"skip":""#.utf8) + contents + Array(#"","read":""#.utf8) + contents + Array(#"","n":[1,{"s":""#.utf8)
                        + contents + Array(#""}]}"#.utf8)
                    // The whole object; the same after a newline and a space (the columns shift); and cut
                    // short right after the special bytes (an unterminated string at the end of the input).
                    let documents = [whole, Array("\n ".utf8) + whole, Array(#"{"skip":""#.utf8) + contents]
                    for (variant, document) in documents.enumerated() {
                        Self.checkAgreement(
                            document, keys: ["read", "n"], "special \(special) before \(before) after \(after) variant \(variant)")
                    }
                }
            }
        }
    }

    @Test func nestingDeeperThanTheLimitIsTheSameErrorSkippedOrRead() {
        for depth in [JSONReader.maximumDepth - 2, JSONReader.maximumDepth - 1, JSONReader.maximumDepth, JSONReader.maximumDepth + 3] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let document = Array(#"{"skip":"#.utf8) + Array(deep.utf8) + Array(#","read":1}"#.utf8)
            Self.checkAgreement(document, keys: ["read"], "depth \(depth)")
            let reference = Self.built(document)
            if depth >= JSONReader.maximumDepth {
                #expect(reference.readOrError != .skipped)
            } else {
                #expect(reference.readOrError == .skipped)
            }
        }
    }

    @Test func aSelectedValueKeepsTheLinesOfTheObjectsInside() throws {
        let document = Array("{\"skip\":\n[\"a\"],\n\"read\":\n  {\"x\":\n{}}}".utf8)
        let (outcome, values) = Self.selected(document, keys: ["read"])
        #expect(outcome == .skipped)
        let object = try #require(values.first??.object)
        #expect((object.line, object.column) == (4, 3))
        #expect((object["x"]?.object?.line, object["x"]?.object?.column) == (5, 1))
    }
}
