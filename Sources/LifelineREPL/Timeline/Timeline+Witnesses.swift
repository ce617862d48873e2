import LifelineRules
import LifelineStore

// MARK: - A finding's witnesses in their timeline

extension Timeline {
    /// The parts of the timeline that show a finding's witness events: one excerpt per launch the
    /// witnesses are in (usually one), in the order the witnesses name them, with the seqs to mark.
    ///
    /// A witness is found by its file and line, which the database keeps for every launch, so
    /// findings of `per trace` rules (no launch in their slice) find their launches too.
    /// A finding sliced by session shows that session's lane and the app's.
    static func excerpts(_ session: SQLSession, for finding: Finding, context: Int) throws -> [(timeline: Timeline, marked: [Int64])] {
        var launches: [Int64] = []
        var marked: [Int64: [Int64]] = [:]
        for witness in finding.witnesses {
            guard let launch = try launchID(of: witness, session) else { continue }
            if marked[launch] == nil {
                launches.append(launch)
                marked[launch] = []
            }
            if let seq = witness.seq { marked[launch]?.append(seq) }
        }
        return try launches.compactMap { launch in
            let seqs = marked[launch] ?? []
            guard let timeline = try load(session, launchID: launch, session: finding.slice.session) else { return nil }
            // A launch-record witness marks no row: show the launch's first rows.
            let excerpt =
                seqs.isEmpty
                ? timeline.window(around: timeline.rows.prefix(1).map(\.seq), context: context)
                : timeline.window(around: seqs, context: context)
            return (excerpt, seqs)
        }
    }

    /// The launch (`launch.id`) a witness is in: the last launch record in its file at or before its line.
    ///
    /// Launch records come before their events in a trace file (a rotated part starts with a copy),
    /// so this reads the small `launch` table, never `event`.
    static func launchID(of witness: Witness, _ session: SQLSession) throws -> Int64? {
        guard let line = witness.line else { return nil }
        return try session.launchID(file: witness.file, line: line)
    }
}
