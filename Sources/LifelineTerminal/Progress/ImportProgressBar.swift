import Foundation

/// A one-line progress bar for long imports: percentage of the current file,
/// events imported and events per second, redrawn at most ten times a second.
///
/// The importer only reports how far it is (its progress callback); drawing is the
/// terminal's business, so the bar lives here and `lifeline import` feeds it.
///
/// ```
/// [##########..........]  52%  traces/big.ndjson  520,000 events  1,480,000 events/s
/// ```
package final class ImportProgressBar: @unchecked Sendable {
    private let write: (String) -> Void
    private let width: Int
    private let start = Date()
    // Only touched from the importing thread.
    private var lastDraw = Date.distantPast
    private var totalEvents = 0
    private var fileEvents = 0
    private var currentFile = ""
    private var drawn = false

    /// `write` receives the control sequences and text (standard error on a terminal).
    package init(width: Int = 20, write: @escaping (String) -> Void) {
        self.width = width
        self.write = write
    }

    /// Feeds a progress report from ``TraceImporter``.
    package func update(file: String, bytesRead: Int, fileSize: Int, events: Int) {
        if file != currentFile {
            totalEvents += fileEvents
            fileEvents = 0
            currentFile = file
        }
        fileEvents = events
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        write(
            "\r\u{1B}[K"
                + Self.render(
                    fraction: fileSize > 0 ? Double(bytesRead) / Double(fileSize) : 1, file: file, events: totalEvents + events,
                    seconds: now.timeIntervalSince(start), width: width))
        drawn = true
    }

    /// Clears the bar so the summary line starts clean.
    package func finish() {
        if drawn { write("\r\u{1B}[K") }
    }

    static func render(fraction: Double, file: String, events: Int, seconds: Double, width: Int) -> String {
        let clamped = min(max(fraction, 0), 1)
        let filled = Int((clamped * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let rate = seconds > 0 ? Int((Double(events) / seconds).rounded()) : 0
        let percent = String(Int((clamped * 100).rounded(.down)))
        return "[\(bar)] \(String(repeating: " ", count: max(0, 3 - percent.count)))\(percent)%  \(file)  "
            + "\(events.grouped) events  \(rate.grouped) events/s"
    }
}
