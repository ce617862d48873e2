import Foundation
import LifelineStore
import LifelineTerminal

/// The words for what an import did, in one place for every command that imports:
/// `lifeline import`, `lifeline repl TRACES`, the REPL's `.import` and `lifeline demo`.
///
/// ```
/// traces/a.ndjson: grew since the last import; imported from line 41
/// traces/b.ndjson: error: malformed line 3 (--strict) (not imported)
/// imported 3 files (1 unchanged), 4 launches, 1,204 events, 2 skipped lines in 0.12 s (10,033 events/s)
/// ```
///
/// - Note: It lives here rather than in LifelineTerminal because it words the store's values
///   (``FileImportResult``); the terminal layer stays below the store. Counts are grouped and
///   text escaped with LifelineTerminal's helpers.
package enum ImportReport {
    /// What to say about one file, or nil when it imported plainly (the summary counts it).
    package struct Message: Hashable, Sendable {
        /// The sentence, `path: …`.
        package var text: String
        /// Whether it reports a file that was not imported (standard error, and a failing exit status).
        package var isFailure: Bool
    }

    /// The sentence for `file`'s outcome; with `escaping`, the path and any quoted text pass through
    /// ``TerminalText/escape(_:)`` (the REPL, whose output is a terminal the trace must not drive).
    package static func message(for file: FileImportResult, escaping: Bool = false) -> Message? {
        func clean(_ text: String) -> String { escaping ? TerminalText.escape(text) : text }
        let path = clean(file.path)
        switch file.outcome {
        case .imported:
            guard file.shape != .native else { return nil }
            return Message(text: "\(path): \(foreignSummary(file))", isFailure: false)
        case .unchanged: return Message(text: "\(path): already imported, nothing new", isFailure: false)
        case .duplicate(let other): return Message(text: "\(path): same content as \(clean(other)), skipped", isFailure: false)
        case .appended(let line): return Message(text: "\(path): grew since the last import; imported from line \(line)", isFailure: false)
        case .reimported: return Message(text: "\(path): changed since the last import; re-imported", isFailure: false)
        // Said once, located (`t.ndjson:3: error: …`), with what became of the file.
        case .failed(let diagnostic):
            return Message(text: "\(diagnostic.rendered(escaping: escaping)) (not imported)", isFailure: true)
        case .interrupted: return Message(text: "\(path): interrupted; nothing of it imported", isFailure: true)
        }
    }

    /// What a decoded input gave: `console text: 2 launches, 41 events; 12 lines named no callback (skipped); …`.
    package static func foreignSummary(_ file: FileImportResult) -> String {
        var text = "\(file.shape.title): \(counted(file.launches, "launch", "launches")), \(counted(file.events, "event", "events"))"
        if file.ignored > 0 {
            let what = file.shape == .chrome ? "trace events" : file.shape == .oslog ? "entries" : "lines"
            text +=
                "; \(file.ignored.grouped) \(file.ignored == 1 ? String(what.dropLast()) : what) named no callback or app event (skipped)"
        }
        if file.merged > 0 {
            text +=
                "; \(file.merged.grouped) \(file.merged == 1 ? "line" : "lines") repeated the invocation of the event before "
                + "(merged into it: docs/interchange.md#one-invocation-one-event)"
        }
        var assumed: [(text: String, launches: Int)] = []
        for text in file.assumed {
            if let index = assumed.firstIndex(where: { $0.text == text }) {
                assumed[index].launches += 1
            } else {
                assumed.append((text, 1))
            }
        }
        for (assumption, launches) in assumed {
            text += "; assumed (\(counted(launches, "launch", "launches"))): \(assumption)"
        }
        if file.launchesWithoutSessions > 0 {
            text +=
                "; the log names no scene sessions (\(counted(file.launchesWithoutSessions, "launch", "launches"))): "
                + "each scene's identity stands in for its session (docs/interchange.md#sessions)"
        }
        return text
    }

    /// `imported 3 files (1 unchanged), 4 launches, 1,204 events, 2 skipped lines in 0.12 s (10,033 events/s)`
    package static func summaryLine(_ summary: ImportSummary) -> String {
        var notes: [String] = []
        func note(_ count: Int, _ what: String) { if count > 0 { notes.append("\(count) \(what)") } }
        note(summary.files.filter { if case .appended = $0.outcome { return true } else { return false } }.count, "appended")
        note(summary.files.filter { $0.outcome == .reimported }.count, "re-imported")
        note(summary.files.filter { $0.outcome == .unchanged }.count, "unchanged")
        note(summary.files.filter { if case .duplicate = $0.outcome { return true } else { return false } }.count, "duplicate")
        note(summary.failures, "failed")
        let files = counted(summary.files.count, "file", "files") + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
        return "imported \(files), \(counts(summary)) "
            + "in \(String(format: "%.2f", summary.seconds)) s (\(Int(summary.eventsPerSecond.rounded()).grouped) events/s)"
    }

    /// The REPL's shorter line: the files that imported, plain numbers and no timing (a script's transcript
    /// stays the same run after run): `imported 2 files, 3 launches, 1204 events, 0 skipped lines`.
    package static func shortSummaryLine(_ summary: ImportSummary) -> String {
        "imported \(counted(summary.files.count - summary.failures, "file", "files", grouped: false)), "
            + counts(summary, grouped: false)
    }

    private static func counts(_ summary: ImportSummary, grouped: Bool = true) -> String {
        "\(counted(summary.launches, "launch", "launches", grouped: grouped)), "
            + "\(counted(summary.events, "event", "events", grouped: grouped)), "
            + counted(summary.skippedLines, "skipped line", "skipped lines", grouped: grouped)
    }

    private static func counted(_ count: Int, _ one: String, _ many: String, grouped: Bool = true) -> String {
        "\(grouped ? count.grouped : String(count)) \(count == 1 ? one : many)"
    }
}
