/// Levenshtein distance, for "did you mean" suggestions.
///
/// ```swift
/// EditDistance.between(".tabels", ".tables")   // 2
/// ```
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased())
        let b = Array(b.lowercased())
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

    /// The candidate nearest to `word`, if it is near enough to be a likely typo.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let extensions = candidates.filter { $0.lowercased().hasPrefix(lowered) }
        if extensions.count == 1 { return extensions[0] }
        let scored = candidates.map { (candidate: $0, distance: between(word, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= max(2, word.count / 3) ? best.candidate : nil
    }
}
