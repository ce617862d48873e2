import Foundation
import LifelineReports
import LifelineStore
import LifelineSupport
import LifelineTerminal

// MARK: - Lifecycle commands

extension ReplCommand {
    /// `.launches`, `.sessions`, `.timeline`, `.import`, `.query`, `.queries`.
    static var lifecycleCommands: [ReplCommand] { [launches, sessions, timeline, more, importTraces, query, queries] }

    static let launches = ReplCommand(
        name: ".launches", summary: "List the launches in the database, one line each",
        discussion: "'to active' is the time from didFinishLaunching to the first didBecomeActive (launch_summary).",
        topic: .lifecycle
    ) { shell, _ in
        let listing = try shell.read { session in try LifecycleListing.launches(session) }
        shell.printListing(listing)
    }

    static let sessions = ReplCommand(
        name: ".sessions", usage: "[LAUNCH]", summary: "List the scene sessions, one line each",
        discussion: "'first' and 'last' are times since the launch's first event; 'state' is the scene state after the last event.",
        topic: .lifecycle, completion: .launches
    ) { shell, arguments in
        guard arguments.count <= 1 else { throw ReplError.usage(command: ".sessions", usage: "[LAUNCH]") }
        let listing = try shell.read { session in
            try LifecycleListing.sessions(session, launchID: arguments.first.map { try LaunchReference.resolve($0, session) })
        }
        shell.printListing(listing)
    }

    static let timeline = ReplCommand(
        name: ".timeline", usage: "[LAUNCH] [SESSION]",
        summary: "Show the callbacks in order: times, durations, scene states",
        discussion: """
            LAUNCH is a launch id or (a prefix of) its uuid; the first launch without one. With SESSION
            (an id or a prefix), only that session and the app; without, every session side by side.
            Times are since the launch's first event. A begin/end callback is one row with its
            duration in parentheses, events inside it are indented. 'state' is the scene's state
            after the callback (the timeline view). On a terminal it shows a screenful at a time:
            .more shows the next, '.more all' the rest. Scripts, pipes and .output files get every row.
            """,
        topic: .lifecycle, completion: .positional([.launches, .sessions])
    ) { shell, arguments in
        guard arguments.count <= 2 else { throw ReplError.usage(command: ".timeline", usage: "[LAUNCH] [SESSION]") }
        let pageSize = shell.timelinePageSize
        let (timeline, pager, launchCount) = try shell.read { session -> (Timeline?, TimelinePager?, Int) in
            let launchCount = try session.launchCount()
            let id: Int64
            if let reference = arguments.first {
                id = try LaunchReference.resolve(reference, session)
            } else {
                guard let first = try session.firstLaunchID() else {
                    throw ReplError.message("the database has no launches; .import some traces")
                }
                id = first
            }
            let lane = try arguments.count > 1 ? SessionReference.resolve(arguments[1], launchID: id, session) : nil
            // A person at a terminal gets a page at a time: a launch can hold a million events.
            if let pageSize, try session.readsTimelineInPages(), let launch = try session.launchDescription(id: id) {
                return (nil, try TimelinePager(session, launch: launch, session: lane, pageSize: pageSize), launchCount)
            }
            return (try Timeline.load(session, launchID: id, session: lane), nil, launchCount)
        }
        shell.timelinePager = pager
        if let pager {
            try shell.showPage(of: pager, rows: pager.pageSize)
        } else if let timeline {
            shell.write(TimelineRenderer(width: shell.width, style: shell.style).render(timeline))
        } else {
            return
        }
        if arguments.isEmpty && launchCount > 1, let id = timeline?.header.id ?? pager?.launchID {
            shell.write("(launch \(id) of \(launchCount); .launches lists them, .timeline LAUNCH shows one)\n")
        }
    }

    static let more = ReplCommand(
        name: ".more", usage: "[all]", summary: "Show the next screenful of the last .timeline ('all': the rest)",
        discussion: """
            .timeline on a terminal shows one screenful; .more shows the next, '.more all' every row left.
            """,
        topic: .lifecycle
    ) { shell, arguments in
        guard arguments.count <= 1, arguments.first.map({ $0 == "all" }) ?? true else {
            throw ReplError.usage(command: ".more", usage: "[all]")
        }
        guard let pager = shell.timelinePager, !pager.isFinished else {
            throw ReplError.message("no timeline to continue: .timeline shows one a screenful at a time")
        }
        try shell.showPage(of: pager, rows: arguments.isEmpty ? pager.pageSize : nil)
    }

    static let importTraces = ReplCommand(
        name: ".import", usage: "PATH...", summary: "Import more traces (files or directories) into the database",
        discussion: """
            As 'lifeline import': idempotent, one transaction per file, malformed lines skipped and reported.
            The database is writable for this command only. A file that is not a trace is refused.
            .import --csv FILE TABLE reads CSV into the temporary table TABLE, as sqlite3's .import does
            (the database itself stays read-only): a new table takes its column names from the first line.
            """,
        topic: .lifecycle, completion: .filePaths
    ) { shell, arguments in
        if arguments.first == "--csv" {
            guard arguments.count == 3 else { throw ReplError.usage(command: ".import", usage: "--csv FILE TABLE") }
            try shell.importCSV(arguments[1], into: arguments[2])
            return
        }
        guard !arguments.isEmpty else { throw ReplError.usage(command: ".import", usage: "PATH...") }
        try shell.importTraces(arguments)
    }

    static let query = ReplCommand(
        name: ".query", usage: "NAME", summary: "Run a saved query: one shipped with Lifeline, or queries/NAME.sql",
        discussion: """
            The queries shipped with Lifeline are built in and run from any directory. Files NAME.sql in
            queries/ under the working directory ($LIFELINE_QUERIES to look elsewhere) are added on top;
            one named like a shipped query replaces it. A query runs like .read; its first line
            '-- description' is what .queries shows, with where each comes from.
            """,
        topic: .lifecycle, completion: .queries
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".query", usage: "NAME") }
        let directory = shell.configuration.resolve(shell.configuration.queriesDirectory)
        let saved = SavedQuery.catalog(projectDirectory: directory)
        guard let query = saved.first(where: { $0.name == arguments[0] }) else {
            let suggestion = EditDistance.nearest(to: arguments[0], in: saved.map(\.name))
            throw ReplError.message(
                "no saved query '\(arguments[0])', shipped or in \(shell.configuration.queriesDirectory)/"
                    + (suggestion.map { "; did you mean '\($0)'?" } ?? "; .queries lists them"))
        }
        switch query.origin {
        case .shipped(let sql):
            // Located errors name it like standard input's `<stdin>`: no file on disk has these lines.
            shell.run(reader: StreamLineReader(text: sql, name: "<built-in>/" + query.name + ".sql"))
        case .file(let path, _):
            shell.run(reader: try StreamLineReader(path: path, name: shell.configuration.queriesDirectory + "/" + query.name + ".sql"))
        }
    }

    static let queries = ReplCommand(
        name: ".queries", summary: "List the saved queries, where each comes from and its description", topic: .lifecycle
    ) { shell, _ in
        let projectDirectory = shell.configuration.queriesDirectory
        let saved = SavedQuery.catalog(projectDirectory: shell.configuration.resolve(projectDirectory))
        let origins = saved.map { query -> String in
            switch query.origin {
            case .shipped: return "built in"
            case .file(_, let overrides):
                let file = projectDirectory + "/" + query.name + ".sql"
                return overrides ? file + " (over the built-in one)" : file
            }
        }
        let nameWidth = saved.map { TerminalText.escape($0.name).count }.max() ?? 0
        let originWidth = origins.map { TerminalText.escape($0).count }.max() ?? 0
        for (query, origin) in zip(saved, origins) {
            shell.write(
                TerminalText.pad(TerminalText.escape(query.name), to: nameWidth) + "  "
                    + TerminalText.pad(TerminalText.escape(origin), to: originWidth) + "  "
                    + TerminalText.escape(query.description ?? "") + "\n")
        }
    }
}
