import LifelineFormat
import LifelineTestSupport
import Testing

@testable import LifelineRules

@Suite("did-you-mean suggestions")
struct NearestNameTests {
    /// The suggestion by measuring every candidate: the first with the smallest distance, if close enough.
    static func reference(_ word: String, _ candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let measured = candidates.map { ($0, NearestName.editDistance(target, Array($0.lowercased()))) }
        guard let best = measured.min(by: { $0.1 < $1.1 }), best.1 <= max(2, target.count / 3) else { return nil }
        return best.0
    }

    @Test("skipping candidates whose length alone rules them out gives the same suggestion as measuring them all")
    func sameAsMeasuringAll() {
        let candidates = Callback.allCases.map(\.name) + ["a", "ab", "Abc", "scene", "SCENES", "é", "Ünïcode"]
        var random = SplitMix64(seed: 3)
        for _ in 0..<600 {
            var word = candidates.randomElement(using: &random) ?? ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let position = Int.random(in: 0...word.count, using: &random)
                let index = word.index(word.startIndex, offsetBy: position)
                switch Int.random(in: 0...2, using: &random) {
                case 0: word.insert(Character(UnicodeScalar(UInt8.random(in: 97...122, using: &random))), at: index)
                case 1: if index < word.endIndex { word.remove(at: index) }
                default: if index < word.endIndex { word.replaceSubrange(index...index, with: "X") }
                }
            }
            #expect(NearestName.suggestion(for: word, in: candidates) == Self.reference(word, candidates), "\(word)")
        }
    }

    @Test("a typo of a callback gets the callback; a word like nothing gets nothing")
    func examples() {
        #expect(NearestName.suggestion(for: "sceneDidBecomActive(_:)", in: Callback.allCases.map(\.name)) == "sceneDidBecomeActive(_:)")
        #expect(NearestName.suggestion(for: "zzzzzzzzzzzz", in: Callback.allCases.map(\.name)) == nil)
    }
}
