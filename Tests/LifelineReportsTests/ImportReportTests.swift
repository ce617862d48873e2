import LifelineFormat
import LifelineReports
import LifelineStore
import Testing

@Suite("the words for an import's outcome")
struct ImportReportTests {
    @Test("the summary line counts files by outcome")
    func summaryLine() {
        var summary = ImportSummary()
        summary.files = [
            FileImportResult(path: "a", outcome: .imported, launches: 2, events: 1_500_000),
            FileImportResult(path: "b", outcome: .unchanged),
            FileImportResult(path: "c", outcome: .failed(Diagnostic(.error, file: "c", "x")), malformed: 3),
        ]
        summary.seconds = 1.5
        #expect(
            ImportReport.summaryLine(summary)
                == "imported 3 files (1 unchanged, 1 failed), 2 launches, 1,500,000 events, 3 skipped lines in 1.50 s (1,000,000 events/s)")
        #expect(ImportReport.shortSummaryLine(summary) == "imported 2 files, 2 launches, 1500000 events, 3 skipped lines")
    }

    @Test(
        "each outcome has its sentence; a plain import has none",
        arguments: [
            (FileImportResult.Outcome.imported, nil as String?, false),
            (.unchanged, "t.ndjson: already imported, nothing new", false),
            (.duplicate(of: "u.ndjson"), "t.ndjson: same content as u.ndjson, skipped", false),
            (.appended(fromLine: 41), "t.ndjson: grew since the last import; imported from line 41", false),
            (.reimported, "t.ndjson: changed since the last import; re-imported", false),
            (
                .failed(Diagnostic(.error, file: "t.ndjson", line: 3, "malformed line (--strict)")),
                "t.ndjson:3: error: malformed line (--strict) (not imported)", true
            ),
            (.interrupted, "t.ndjson: interrupted; nothing of it imported", true),
        ])
    func outcome(_ outcome: FileImportResult.Outcome, _ text: String?, _ isFailure: Bool) {
        let message = ImportReport.message(for: FileImportResult(path: "t.ndjson", outcome: outcome))
        #expect(message?.text == text)
        #expect((message?.isFailure ?? false) == isFailure)
    }

    @Test("escaping makes a path and a quoted path from the trace safe for a terminal")
    func escaping() {
        let file = FileImportResult(path: "a\u{1B}[2J.ndjson", outcome: .duplicate(of: "b\u{07}.ndjson"))
        #expect(ImportReport.message(for: file, escaping: true)?.text == "a\\x1b[2J.ndjson: same content as b\\x07.ndjson, skipped")
        #expect(ImportReport.message(for: file)?.text == "a\u{1B}[2J.ndjson: same content as b\u{07}.ndjson, skipped")
    }
}
