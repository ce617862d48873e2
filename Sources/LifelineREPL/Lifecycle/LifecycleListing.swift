import LifelineStore

/// The rows `.launches` and `.sessions` print: what is in the database, one line each.
struct LifecycleListing {
    var columns: [String]
    var rows: [[ResultValue]]

    /// One line per launch; `launch` is the first 8 characters of its uuid (`.timeline` takes a prefix).
    static func launches(_ session: SQLSession) throws -> LifecycleListing {
        let rows = try session.launches().map { launch -> [ResultValue] in
            let system = [launch.platform, launch.os].compactMap { $0 }.joined(separator: " ")
            return [
                .integer(launch.id),
                text(
                    launch.uuid.map { uuid in
                        let short = String(uuid.prefix(8))
                        return launch.part.map { "\(short) part \($0)" } ?? short
                    }),
                text(launch.app),
                text(system.isEmpty ? nil : system),
                text(launch.device),
                text(launch.lifecycle),
                text(launch.kind),
                text(launch.started),
                .integer(launch.sessionCount),
                .integer(launch.eventCount),
                text(launch.timeToActive.map(LifecycleFormat.duration)),
                text(launch.timeToFirstFrame.map(LifecycleFormat.duration)),
                launch.resumeCount.map(ResultValue.integer) ?? .null,
                text(launch.ending),
                text(launch.file),
            ]
        }
        return LifecycleListing(
            columns: [
                "id", "launch", "app", "system", "device", "life cycle", "kind", "started", "sessions", "events",
                "to active", "first frame", "resumes", "ending", "file",
            ],
            rows: rows)
    }

    static func sessions(_ session: SQLSession, launchID: Int64?) throws -> LifecycleListing {
        LifecycleListing(
            columns: ["launch", "session", "scenes", "events", "first", "last", "state"],
            rows: try session.sessions(launchID: launchID).map { summary in
                [
                    .integer(summary.launchID), .text(summary.session), .integer(Int64(summary.sceneCount)),
                    .integer(Int64(summary.eventCount)), .text(LifecycleFormat.offset(summary.first)),
                    .text(LifecycleFormat.offset(summary.last)), text(summary.state),
                ]
            })
    }

    private static func text(_ value: String?) -> ResultValue {
        value.map(ResultValue.text) ?? .null
    }
}

extension ReplShell {
    /// Prints a listing as aligned columns under a rule, whatever `.mode` says (it is for people).
    ///
    /// At a terminal, values wider than `maxColumnWidth` (or than the terminal allows) end in an
    /// ellipsis; into a pipe or a file nothing is cut, as query results are not.
    func printListing(_ listing: LifecycleListing, maxColumnWidth: Int = 60) {
        guard !listing.rows.isEmpty else {
            write("(none)\n")
            return
        }
        var format = OutputFormat(mode: .column)
        format.nullText = "-"
        var settings = ResultPrinter.Settings(format: format, width: width, style: style)
        settings.titleAlignment = nil
        settings.maxColumnWidth = output.isTerminal ? maxColumnWidth : nil
        let printer = ResultPrinter(columns: listing.columns, settings: settings, sink: output)
        for row in listing.rows { printer.add(row) }
        printer.finish()
    }
}
