// MARK: - Excerpts

extension Timeline {
    /// The part of the timeline around some events: from `context` rows before the first
    /// row showing one of `seqs` to `context` rows after the last, lanes without rows dropped.
    ///
    /// For showing a rule violation with its witness events in their surroundings:
    ///
    /// ```swift
    /// let excerpt = timeline.window(around: witnessSeqs, context: 3)
    /// TimelineRenderer(marked: Set(witnessSeqs)).render(excerpt)
    /// ```
    func window(around seqs: [Int64], context: Int) -> Timeline {
        let hits = rows.indices.filter { index in seqs.contains { rows[index].shows($0) } }
        guard let first = hits.first, let last = hits.last else {
            return Timeline(header: header, lanes: [], rows: [])
        }
        let kept = Array(rows[max(0, first - context)...min(rows.count - 1, last + context)])
        let usedLanes = lanes.indices.filter { lane in kept.contains { $0.lane == lane } }
        let newIndex = Dictionary(uniqueKeysWithValues: usedLanes.enumerated().map { ($1, $0) })
        return Timeline(
            header: header, lanes: usedLanes.map { lanes[$0] },
            rows: kept.map { row in
                var row = row
                row.lane = newIndex[row.lane]!
                return row
            })
    }
}
