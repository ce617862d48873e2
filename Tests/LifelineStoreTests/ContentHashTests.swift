@testable import LifelineStore
import Foundation
import Testing

@Suite("Progress and summary text")
struct ImportTextTests {
    @Test("the progress bar shows the fraction, file, events and rate")
    func progressBar() {
        let collected = Collected()
        let bar = ImportProgressBar(width: 10) { collected.add($0) }
        bar.update(file: "a.ndjson", bytesRead: 50, fileSize: 100, events: 1234)
        bar.finish()
        #expect(collected.lines.count == 2)
        #expect(collected.lines[0].hasPrefix("\r\u{1B}[K[#####.....]  50%  a.ndjson  1,234 events  "))
        #expect(collected.lines[1] == "\r\u{1B}[K")
    }

    @Test("the summary line counts files by outcome")
    func summaryLine() {
        var summary = ImportSummary()
        summary.files = [
            FileImportResult(path: "a", outcome: .imported, launches: 2, events: 1_500_000),
            FileImportResult(path: "b", outcome: .unchanged),
            FileImportResult(path: "c", outcome: .failed("x"), malformed: 3),
        ]
        summary.seconds = 1.5
        #expect(summary.line
            == "imported 3 files (1 unchanged, 1 failed), 2 launches, 1,500,000 events, 3 skipped lines in 1.50 s (1,000,000 events/s)")
    }
}

@Suite("Content hash")
struct ContentHashTests {
    static func xxh64(_ text: String, chunks: Int = 1) -> String {
        var hash = ContentHash()
        let bytes = Array(text.utf8)
        let size = max(1, bytes.count / chunks)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { hash.update($0) }
            start = end
        }
        return hash.text
    }

    @Test("XXH64 matches the reference vectors")
    func referenceVectors() {
        #expect(Self.xxh64("") == "xxh64:ef46db3751d8e999")
        #expect(Self.xxh64("a") == "xxh64:d24ec4f1a98c6e5b")
        #expect(Self.xxh64("abc") == "xxh64:44bc2cf5ad770999")
    }

    @Test("the hash is the same however the input is split", arguments: [1, 2, 3, 7, 33, 100])
    func chunking(_ chunks: Int) {
        let text = String(repeating: "lifeline trace line 0123456789\n", count: 40)
        #expect(Self.xxh64(text, chunks: chunks) == Self.xxh64(text))
    }
}
