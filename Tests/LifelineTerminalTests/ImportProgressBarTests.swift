import LifelineTerminal
import Testing

@Suite("the import progress bar")
struct ImportProgressBarTests {
    /// What the bar wrote, in order (the bar is fed from one thread).
    final class Written {
        var lines: [String] = []
    }

    @Test("the progress bar shows the fraction, file, events and rate")
    func progressBar() {
        let written = Written()
        let bar = ImportProgressBar(width: 10) { written.lines.append($0) }
        bar.update(file: "a.ndjson", bytesRead: 50, fileSize: 100, events: 1234)
        bar.finish()
        #expect(written.lines.count == 2)
        #expect(written.lines[0].hasPrefix("\r\u{1B}[K[#####.....]  50%  a.ndjson  1,234 events  "))
        #expect(written.lines[1] == "\r\u{1B}[K")
    }

    @Test("a bar that never drew clears nothing")
    func nothingDrawn() {
        let written = Written()
        ImportProgressBar { written.lines.append($0) }.finish()
        #expect(written.lines.isEmpty)
    }

    @Test(
        "counts are grouped in thousands",
        arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (1_500_000, "1,500,000"), (-1234, "-1,234")])
    func grouped(_ count: Int, _ expected: String) {
        #expect(count.grouped == expected)
    }
}
