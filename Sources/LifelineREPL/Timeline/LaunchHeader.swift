import LifelineReports
import GRDB

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
            LaunchHeader(id: row[0], uuid: row[1], part: row[2], app: row[3], platform: row[4], os: row[5],
                         device: row[6], lifecycle: row[7], started: row[8], file: row[9])
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
