import LifelineFormat
import LifelineSupport
import LifelineTestSupport
import Testing

@testable import LifelineRecorder

/// The writer's fragment encoder against ``TraceEncoder``: the same events must give the same bytes.
@Suite("Event line encoder")
struct EventLineEncoderTests {
    /// Strings that need every kind of escape, multi-byte UTF-8, and plain ones.
    static let awkward = [
        "", "plain", "with \"quotes\"", "back\\slash", "new\nline", "tab\tand\rreturn", "\u{0}\u{1}\u{1F}\u{7F}",
        "héllo wörld", "日本語", "emoji 👋🏽", "\u{2028}\u{2029}", "/slash/", "a\\\"b", "UUID-8F3C2A10-77E1-4B1A",
    ]

    static func randomString(_ random: inout SplitMix64) -> String {
        if Bool.random(using: &random) { return awkward.randomElement(using: &random)! }
        let scalars = (0..<Int.random(in: 0..<24, using: &random)).map { _ -> Character in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: Character(Unicode.Scalar(UInt8.random(in: 0..<0x20, using: &random)))
            case 1: Character(Unicode.Scalar(UInt32.random(in: 0xA0...0xD7FF, using: &random))!)
            default: Character(Unicode.Scalar(UInt8.random(in: 0x20..<0x7F, using: &random)))
            }
        }
        return String(scalars)
    }

    static func randomValue(_ random: inout SplitMix64) -> AttributeValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .string(randomString(&random))
        case 1: .int(Int64.random(in: Int64.min...Int64.max, using: &random))
        case 2:
            .double(
                [0.5, -0.0, 1e300, -3.25, .pi, .leastNonzeroMagnitude].randomElement(using: &random)!
                    * Double(Int.random(in: -3...3, using: &random)))
        case 3: .bool(Bool.random(using: &random))
        default: .strings((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomString(&random) })
        }
    }

    @Test("random events encode to exactly TraceEncoder's bytes")
    func matchesTraceEncoder() {
        var random = SplitMix64(seed: 20_261_122)
        var fast = ByteBuffer(capacity: 64)
        var fragments = ByteBuffer(capacity: 64)
        var scratch: [UInt8] = []
        defer {
            fast.deallocate()
            fragments.deallocate()
        }
        var seq: UInt64 = 1
        for round in 0..<20_000 {
            let callback = Bool.random(using: &random) ? Callback.allCases.randomElement(using: &random) : nil
            let name = callback.map { EventName($0).name } ?? Self.randomString(&random)
            let phase = Phase.allCases.randomElement(using: &random)!
            let session = Bool.random(using: &random) ? Self.randomString(&random) : nil
            let scene = Bool.random(using: &random) ? Self.randomString(&random) : nil
            let thread = Bool.random(using: &random) ? Self.randomString(&random) : nil
            var attrs: Attributes = [:]
            for _ in 0..<[0, 0, 1, 2, 5].randomElement(using: &random)! {
                attrs[Self.randomString(&random)] = Self.randomValue(&random)
            }
            let t = round % 7 == 0 ? UInt64(Int64.max) - UInt64(round) : UInt64.random(in: 0...1 << 40, using: &random)
            seq = round % 11 == 0 ? UInt64.random(in: 1...UInt64(Int64.max), using: &random) : seq + 1

            // Fragments as the decoder caches them: each string escaped once, then copied.
            fragments.removeAll()
            var ranges: [Range<Int>?] = []
            for string in [name, session, scene, thread] {
                guard let string else {
                    ranges.append(nil)
                    continue
                }
                let start = fragments.count
                EventLineEncoder.appendLiteral(string, scratch: &scratch, to: &fragments)
                ranges.append(start..<fragments.count)
            }
            func fragment(_ index: Int) -> UnsafeRawBufferPointer? {
                ranges[index].map { UnsafeRawBufferPointer(start: fragments.base + $0.lowerBound, count: $0.count) }
            }
            fast.removeAll()
            EventLineEncoder.appendHead(seq: seq, t: t, to: &fast)
            EventLineEncoder.appendTail(
                name: fragment(0)!, phase: phase, session: fragment(1), scene: fragment(2), thread: fragment(3),
                attrs: Bool.random(using: &random) && attrs.isEmpty ? nil : attrs, scratch: &scratch, to: &fast)

            var expected: [UInt8] = []
            TraceEncoder.append(
                EventRecord(
                    seq: Int64(seq), t: Int64(t), event: EventName(name), phase: phase, session: session, scene: scene,
                    thread: thread, attrs: attrs),
                to: &expected)
            guard Array(fast.bytes) == expected else {
                Issue.record(
                    """
                    round \(round) differs:
                    fast:     \(String(decoding: fast.bytes, as: UTF8.self))
                    expected: \(String(decoding: expected, as: UTF8.self))
                    """)
                return
            }
        }
    }

    @Test("decimal digits are written in place for every magnitude")
    func decimals() {
        var buffer = ByteBuffer(capacity: 8)
        defer { buffer.deallocate() }
        var values: [UInt64] = [0, 9, 10, 99, 100, UInt64(Int64.max), UInt64.max, 10_000_000_000_000_000_000]
        var power: UInt64 = 1
        while power <= UInt64.max / 10 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            buffer.removeAll()
            buffer.appendDecimal(value)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
        }
    }
}
