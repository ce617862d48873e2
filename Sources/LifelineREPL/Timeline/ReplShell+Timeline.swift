import LifelineStore

// MARK: - Timelines a page at a time

extension ReplShell {
    /// The rows a `.timeline` page shows: a screenful when a person reads commands at a terminal and
    /// the output goes to it; nil (every row) for scripts, pipes and `.output` files.
    var timelinePageSize: Int? {
        guard currentReader?.isInteractive == true, output === standardOutput,
            let sink = standardOutput as? FileDescriptorSink
        else { return nil }
        return TimelinePager.pageSize(of: sink.fileDescriptor, environment: configuration.environment)
    }

    /// Shows the next `rows` rows of `pager` (every row left with nil), and says how to see more if there is more.
    func showPage(of pager: TimelinePager, rows: Int?) throws {
        let renderer = TimelineRenderer(width: width, style: style)
        write(try read { session in try pager.next(session, count: rows, renderer: renderer) })
        if !pager.isFinished {
            write(style.dim("(more: .more shows the next \(pager.pageSize) rows, '.more all' the rest)") + "\n")
        }
    }
}
