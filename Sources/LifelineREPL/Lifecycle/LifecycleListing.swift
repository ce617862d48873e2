import GRDB

/// The rows `.launches` and `.sessions` print: what is in the database, one line each.
struct LifecycleListing {
    var columns: [String]
    var rows: [[ResultValue]]

    /// One line per launch; `launch` is the first 8 characters of its uuid (`.timeline` takes a prefix).
    static func launches(_ db: Database) throws -> LifecycleListing {
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, uuid, part, app, platform, os, device, lifecycle, started, session_count, event_count,
                   time_to_active_ns, file
            FROM launch_summary ORDER BY id
            """).map { row -> [ResultValue] in
            let uuid: String? = try row.decode(forColumn: "uuid")
            let part: Int64? = try row.decode(forColumn: "part")
            let system = [try row.decode(forColumn: "platform") as String?, try row.decode(forColumn: "os") as String?]
                .compactMap { $0 }.joined(separator: " ")
            return [
                .integer(try row.decode(forColumn: "id")),
                text(uuid.map { uuid in
                    let short = String(uuid.prefix(8))
                    return part.map { "\(short) part \($0)" } ?? short
                }),
                text(try row.decode(forColumn: "app")),
                text(system.isEmpty ? nil : system),
                text(try row.decode(forColumn: "device")),
                text(try row.decode(forColumn: "lifecycle")),
                text(try row.decode(forColumn: "started")),
                .integer(try row.decode(forColumn: "session_count")),
                .integer(try row.decode(forColumn: "event_count")),
                text((try row.decode(forColumn: "time_to_active_ns") as Int64?).map(LifecycleFormat.duration)),
                text(try row.decode(forColumn: "file")),
            ]
        }
        return LifecycleListing(
            columns: ["id", "launch", "app", "system", "device", "life cycle", "started", "sessions", "events",
                      "to active", "file"],
            rows: rows)
    }

    static func sessions(_ db: Database, launchID: Int64?) throws -> LifecycleListing {
        struct Session {
            var launch: Int64
            var session: String
            var scenes = Set<String>()
            var events = 0
            var first: Int64 = 0
            var last: Int64 = 0
            var state: String?
        }
        var sessions: [Session] = []
        var sql = "SELECT launch_id, session, scene, since_launch_ns, state FROM timeline WHERE session IS NOT NULL"
        var arguments: StatementArguments = []
        if let launchID {
            sql += " AND launch_id = ?"
            arguments = [launchID]
        }
        // Ordered by launch and seq: each session's rows arrive in order, sessions in order of appearance.
        let cursor = try Row.fetchCursor(db, sql: sql + " ORDER BY launch_id, seq", arguments: arguments)
        var index: [String: Int] = [:]
        while let row = try cursor.next() {
            let launch: Int64 = try row.decode(atIndex: 0)
            let session: String = try row.decode(atIndex: 1)
            let key = "\(launch)\u{0}\(session)"
            let offset: Int64 = try row.decode(atIndex: 3) ?? 0
            if index[key] == nil {
                index[key] = sessions.count
                sessions.append(Session(launch: launch, session: session, first: offset))
            }
            let position = index[key]!
            if let scene: String = try row.decode(atIndex: 2) { sessions[position].scenes.insert(scene) }
            sessions[position].events += 1
            sessions[position].last = offset
            sessions[position].state = try row.decode(atIndex: 4)
        }
        return LifecycleListing(
            columns: ["launch", "session", "scenes", "events", "first", "last", "state"],
            rows: sessions.map { session in
                [.integer(session.launch), .text(session.session), .integer(Int64(session.scenes.count)),
                 .integer(Int64(session.events)), .text(LifecycleFormat.offset(session.first)),
                 .text(LifecycleFormat.offset(session.last)), text(session.state)]
            })
    }

    private static func text(_ value: String?) -> ResultValue {
        value.map(ResultValue.text) ?? .null
    }
}

extension ReplShell {
    /// Prints a listing as aligned columns under a rule, whatever `.mode` says (it is for people).
    ///
    /// Values wider than `maxColumnWidth` (or than the terminal allows) end in an ellipsis.
    func printListing(_ listing: LifecycleListing, maxColumnWidth: Int = 60) {
        guard !listing.rows.isEmpty else {
            write("(none)\n")
            return
        }
        let printer = ResultPrinter(
            columns: listing.columns,
            settings: ResultPrinter.Settings(
                mode: .column, headers: true, width: width, style: style, maxColumnWidth: maxColumnWidth, nullText: "-"),
            sink: output)
        for row in listing.rows { printer.add(row) }
        printer.finish()
    }
}
