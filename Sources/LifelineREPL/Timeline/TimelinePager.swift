import Foundation
import LifelineStore

/// A launch's timeline shown a page at a time: `.timeline` on a terminal shows the first page,
/// `.more` the next (docs/repl.md). A page reads about a page's rows from the store
/// (``SQLSession/timelinePage(launchID:session:after:limit:)``), however long the launch is.
final class TimelinePager {
    private var builder: TimelineBuilder
    let launchID: Int64
    private let session: String?
    private var cursor: TimelineCursor?
    /// Rows per page.
    let pageSize: Int
    /// Whether the last page was shown.
    private(set) var isFinished = false
    /// Whether a page was shown: later pages have no title line.
    private var started = false

    /// A pager over launch `launchID` (with `session`, that session's lane and the app's).
    init(_ store: SQLSession, launch: LaunchDescription, session: String?, pageSize: Int) throws {
        builder = TimelineBuilder(
            header: LaunchHeader(launch), lanes: try store.timelineLanes(launchID: launch.id, session: session))
        launchID = launch.id
        self.session = session
        self.pageSize = max(pageSize, 1)
    }

    /// The next `count` rows (every row left with nil) as text, the title line first on the first page.
    func next(_ store: SQLSession, count: Int?, renderer: TimelineRenderer) throws -> String {
        var rows: [TimelineRow] = []
        while !isFinished && rows.count < (count ?? Int.max) {
            let page = try store.timelinePage(
                launchID: launchID, session: session, after: cursor, limit: min(count.map { $0 - rows.count } ?? 10_000, 10_000))
            rows += builder.rows(for: page.entries)
            cursor = page.next
            isFinished = page.next == nil
        }
        // A page that ends the timeline exactly leaves nothing for the next: it says nothing.
        guard !rows.isEmpty || !started else { return "" }
        let text = renderer.render(builder.timeline(rows), title: !started)
        started = true
        return text
    }

    /// The terminal rows a page fills on `fileDescriptor`: its height (`LINES` without one) less the
    /// title, the column titles, the line saying there is more and the prompt; nil when it is no terminal.
    static func pageSize(of fileDescriptor: Int32, environment: [String: String]) -> Int? {
        guard isatty(fileDescriptor) != 0 else { return nil }
        var size = winsize()
        if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return max(Int(size.ws_row) - 4, 5) }
        if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return max(lines - 4, 5) }
        return 40
    }
}
