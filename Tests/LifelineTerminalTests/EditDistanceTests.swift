import LifelineTerminal
import Testing

@Suite("did you mean")
struct EditDistanceTests {
    @Test("distance counts insertions, deletions and substitutions, ignoring case", arguments: [
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
}
