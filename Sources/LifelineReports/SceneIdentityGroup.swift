import LifelineFormat
import LifelineRules

/// A trace's launches whose scene callbacks name no scene (``IdentityNote``), as reports show them:
/// one note per trace with the counts, and a warning at each launch's first line where a scene
/// connected while the one standing in was connected.
///
/// ```
/// device.log:1: note: 9 scene callbacks name no scene or session: per-scene rules judge them as the launch's one scene (2 launches)
/// device.log:14: warning: a scene connects while the scene standing in for callbacks that name none is connected: …
/// ```
package struct SceneIdentityGroup: Sendable, Hashable {
    /// The trace, as the report names it.
    package var file: String
    /// The line of the first such launch's record (0: the file as a whole).
    package var line: Int
    /// How many launches of the trace had scene callbacks without a scene.
    package var launches = 1
    /// What was counted, over those launches.
    package var tally: SceneIdentityTally
    /// Per launch, the lines where a scene connected while the stand-in was connected (launches
    /// without any left out), in order.
    package var ambiguousLines: [[Int]]

    init(_ note: IdentityNote) {
        file = note.file
        line = note.line
        tally = SceneIdentityTally(perSession: note.perSession, unnamed: note.unnamed)
        ambiguousLines = note.ambiguousLines.isEmpty ? [] : [note.ambiguousLines]
    }

    /// `file:line` of the first launch.
    package var location: String { line > 0 ? "\(file):\(line)" : file }

    /// The note: what was judged how, and for callbacks recorded with a session, how to record the scene.
    package var headline: String {
        var text = "\(location): note: \(tally.summary)"
        if launches > 1 { text += " (\(launches) launches)" }
        if tally.perSession > 0 { text += "; " + SceneIdentityTally.advice }
        return text
    }

    /// One warning per launch where the stand-in is ambiguous: at its first such line, naming the others.
    package var warnings: [(line: Int, message: String)] {
        ambiguousLines.compactMap { lines in
            guard let first = lines.first else { return nil }
            let others = lines.dropFirst()
            var named = others.prefix(5).map(String.init).joined(separator: ", ")
            if others.count > 5 { named += " and \(others.count - 5) more" }
            let also = others.isEmpty ? "" : " (again at line\(others.count == 1 ? "" : "s") \(named))"
            return (first, IdentityNote.ambiguity + also)
        }
    }

    /// The warnings as located lines, `file:line: warning: …`.
    package var warningLines: [String] { warnings.map { "\(file):\($0.line): warning: \($0.message)" } }

    /// One group per trace, in order of first appearance.
    package static func grouped(_ notes: [IdentityNote]) -> [SceneIdentityGroup] {
        var groups: [SceneIdentityGroup] = []
        var index: [String: Int] = [:]
        for note in notes {
            if let position = index[note.slice.trace] {
                groups[position].launches += 1
                groups[position].tally.perSession += note.perSession
                groups[position].tally.unnamed += note.unnamed
                if !note.ambiguousLines.isEmpty { groups[position].ambiguousLines.append(note.ambiguousLines) }
            } else {
                index[note.slice.trace] = groups.count
                groups.append(SceneIdentityGroup(note))
            }
        }
        return groups
    }
}
