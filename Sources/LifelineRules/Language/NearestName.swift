/// Finds the closest spelling to a mistyped word, for "did you mean" hints.
enum NearestName {
    /// The candidate with the smallest edit distance, if it is close enough to be a plausible typo.
    static func suggestion(for word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased())
        let limit = max(2, target.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            // The difference in length is a lower bound of the distance: a candidate that can be neither
            // close enough nor closer than the best so far is not measured. The answer is the same; a
            // rules file naming many unknown events, each measured against every callback, parses faster.
            let bound = abs(lowered.count - target.count)
            if bound > limit || bound >= (best?.1 ?? Int.max) { continue }
            let distance = editDistance(target, Array(lowered))
            if distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.1 <= limit else { return nil }
        return best.0
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
