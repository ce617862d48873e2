import LifelineCore
import LifelineSupport
import Testing

@Suite("did you mean")
struct EditDistanceTests {
    @Test(
        "distance counts insertions, deletions and substitutions, ignoring case",
        arguments: [
            (".tabels", ".tables", 2), ("", "abc", 3), ("abc", "", 3), ("Kitten", "sitting", 3), ("same", "SAME", 0),
        ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.between(a, b) == expected)
        #expect(EditDistance.between(b, a) == expected)
    }

    @Test("the nearest candidate is suggested when it is a plausible typo")
    func nearest() {
        #expect(EditDistance.nearest(to: "preceeds", in: ["precedes", "responds"], preferringExtensions: false) == "precedes")
        #expect(EditDistance.nearest(to: "zzzzzz", in: ["precedes", "responds"], preferringExtensions: false) == nil)
        #expect(EditDistance.nearest(to: "x", in: [String](), preferringExtensions: false) == nil)
    }

    @Test("the first of equally near candidates wins")
    func firstOfEquals() {
        #expect(EditDistance.nearest(to: "ab", in: ["ac", "ad"], preferringExtensions: false) == "ac")
    }

    @Test("a prefix of exactly one candidate suggests it at a prompt, not in a file")
    func extensions() {
        let commands = [".tables", ".timeline", ".schema"]
        #expect(EditDistance.nearest(to: ".timel", in: commands) == ".timeline")
        #expect(EditDistance.nearest(to: ".timel", in: commands, preferringExtensions: false) == nil)
        // Two candidates start with ".t": no extension wins, distance decides.
        #expect(EditDistance.nearest(to: ".t", in: commands) == nil)
    }

    /// The suggestion by measuring every candidate: the first with the smallest distance, if near enough.
    static func measuringAll(_ word: String, _ candidates: [String]) -> String? {
        let measured = candidates.map { ($0, EditDistance.between(word, $0)) }
        guard let best = measured.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
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
            #expect(
                EditDistance.nearest(to: word, in: candidates, preferringExtensions: false)
                    == Self.measuringAll(word, candidates), "\(word)")
        }
    }

    @Test("a typo of a callback gets the callback; a word like nothing gets nothing")
    func callbackTypos() {
        let names = Callback.allCases.map(\.name)
        #expect(EditDistance.nearest(to: "sceneDidBecomActive(_:)", in: names, preferringExtensions: false) == "sceneDidBecomeActive(_:)")
        #expect(EditDistance.nearest(to: "zzzzzzzzzzzz", in: names, preferringExtensions: false) == nil)
    }
}
