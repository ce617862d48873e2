/// Levenshtein distance, for "did you mean" suggestions.
///
/// The one implementation behind every suggestion Lifeline makes: the rule parser's
/// (`did you mean 'willConnectTo'?`), the REPL's dot-commands and saved queries.
///
/// ```swift
/// EditDistance.between(".tabels", ".tables")                                  // 2
/// EditDistance.nearest(to: ".tim", in: [".tables", ".timeline"])   // ".timeline"
/// EditDistance.nearest(to: "preceeds", in: ["precedes", "responds"], preferringExtensions: false)  // "precedes"
/// ```
///
/// - Note: Comparison ignores case, and counts characters (grapheme clusters).
package enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a` into `b`.
    package static func between(_ a: String, _ b: String) -> Int {
        distance(Array(a.lowercased()), Array(b.lowercased()))
    }

    /// The distance between two lowercased character arrays.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The candidate nearest to `word`, if it is near enough to be a likely typo; the first of equals wins.
    ///
    /// Near enough is at most two edits, or a third of the word's length for longer words.
    /// With `preferringExtensions` (the default, for what people type at a prompt), a word that
    /// starts exactly one candidate (`.tim` for `.timeline`) suggests that candidate whatever its
    /// distance; the rule parser turns it off, a name in a file being a typo rather than an abbreviation.
    package static func nearest(
        to word: String, in candidates: some Sequence<String>, preferringExtensions: Bool = true
    ) -> String? {
        if preferringExtensions {
            let lowered = word.lowercased()
            let extensions = candidates.filter { $0.lowercased().hasPrefix(lowered) }
            if extensions.count == 1 { return extensions[0] }
        }
        let target = Array(word.lowercased())
        let limit = max(2, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let lowered = Array(candidate.lowercased())
            // The difference in length is a lower bound of the distance: a candidate that can be neither
            // near enough nor nearer than the best so far is not measured. The answer is the same; a
            // rules file naming many unknown events, each measured against every callback, parses faster.
            let bound = abs(lowered.count - target.count)
            if bound > limit || bound >= (best?.distance ?? Int.max) { continue }
            let distance = distance(target, lowered)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= limit else { return nil }
        return best.candidate
    }
}
