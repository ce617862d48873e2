import LifelineFormat
import LifelineSupport
import Testing

@testable import LifelineStore

@Suite("Lookup table")
struct LookupTableTests {
    @Test("it answers as a dictionary does through sets, growth and emptying", arguments: [1, 2, 3] as [UInt64])
    func againstDictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = LookupTable<Int64, Int64>()
        var model: [Int64: Int64] = [:]
        for _ in 0..<20_000 {
            // Keys from a small range and a few far ones, as string ids and session ids come.
            let key =
                Bool.random(using: &random) ? Int64.random(in: 0..<300, using: &random) : Int64.random(in: .min ... .max, using: &random)
            switch Int.random(in: 0..<100, using: &random) {
            case 0:
                table.removeAll()
                model.removeAll()
            case 1..<50:
                let value = Int64.random(in: -5...5, using: &random)
                table.set(value, for: key)
                model[key] = value
            default:
                #expect(table.value(for: key) == model[key])
            }
            #expect(table.count == model.count)
        }
        for (key, value) in model { #expect(table.value(for: key) == value) }
    }

    @Test("emptying it many times forgets every key each time")
    func generations() {
        var table = LookupTable<Int64, Int64>(capacity: 2)
        for round in 0..<1_000 {
            table.set(Int64(round), for: 7)
            table.set(Int64(round), for: Int64(round))
            #expect(table.value(for: 7) == Int64(round))
            table.removeAll()
            #expect(table.value(for: 7) == nil && table.value(for: Int64(round)) == nil && table.count == 0)
        }
    }
}
