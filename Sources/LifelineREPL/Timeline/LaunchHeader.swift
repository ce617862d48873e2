import LifelineReports
import GRDB
import LifelineTerminal

/// What the title line of a launch's timeline says about it.
struct LaunchHeader {
    var id: Int64
    var uuid: String?
    var part: Int64?
    var app: String?
    var platform: String?
    var os: String?
    var device: String?
    var lifecycle: String?
    var started: String?
    var file: String?

    static func fetch(_ db: Database, id: Int64) throws -> LaunchHeader? {
        try Row.fetchOne(db, sql: """
            SELECT l.id, l.uuid, l.part, l.app, l.platform, l.os, l.device, l.lifecycle, l.started, f.path
            FROM launch l LEFT JOIN trace_file f ON f.id = l.file_id WHERE l.id = ?
            """, arguments: [id]).map { row in
            // Decoded with `try`: a database from elsewhere may hold any type in any column.
            LaunchHeader(
                id: try row.decode(atIndex: 0), uuid: try row.decode(atIndex: 1), part: try row.decode(atIndex: 2),
                app: try row.decode(atIndex: 3), platform: try row.decode(atIndex: 4), os: try row.decode(atIndex: 5),
                device: try row.decode(atIndex: 6), lifecycle: try row.decode(atIndex: 7),
                started: try row.decode(atIndex: 8), file: try row.decode(atIndex: 9))
        }
    }

    /// `launch 1 · 3F2A9C1E · com.example.Notes · iOS 17.5 · iPad13,4 · scene life cycle · 2026-11-21T10:00:00.000Z · traces/a.ndjson`
    var title: String {
        var parts = ["launch \(id)"]
        if let uuid { parts.append(part.map { "\(uuid) part \($0)" } ?? uuid) }
        if let app { parts.append(app) }
        let system = [platform, os].compactMap { $0 }.joined(separator: " ")
        if !system.isEmpty { parts.append(system) }
        if let device { parts.append(device) }
        if let lifecycle { parts.append(lifecycle == "app" ? "app life cycle" : "\(lifecycle) life cycle") }
        if let started { parts.append(started) }
        if let file { parts.append(file) }
        return TerminalText.escape(parts.joined(separator: " · "))
    }
}
