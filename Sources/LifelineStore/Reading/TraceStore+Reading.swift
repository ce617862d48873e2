import Foundation
import GRDB
import LifelineFormat

// MARK: - Reading traces back in order

extension TraceStore {
    /// Calls `body` with every launch and its events in trace order: launches by
    /// file and line, each launch's events by `seq`, in one read transaction.
    ///
    /// This is how the rule checker reads a database: the same records, in the
    /// same order, as reading the trace files themselves. Rows an outside tool
    /// changed so they no longer hold a valid `attrs` object are reported as a
    /// located error rather than guessed at.
    public func forEachRecord(_ body: (StoredRecord) throws -> Void) throws {
        try database.read { db in
            let launches = try Row.fetchCursor(
                db,
                sql: """
                    SELECT launch.id, launch.line, launch.uuid, launch.part, launch.pid, launch.app, launch.platform,
                           launch.os, launch.device, launch.lifecycle, launch.started, trace_file.path
                    FROM launch JOIN trace_file ON trace_file.id = launch.file_id
                    ORDER BY launch.file_id, launch.line
                    """)
            let events = try db.cachedStatement(
                sql: """
                    SELECT seq, t, event, phase, session, scene, thread, attrs, line
                    FROM event WHERE launch_id = ? ORDER BY seq
                    """)
            while let row = try launches.next() {
                let id: Int64 = row[0]
                let file: String = row[11]
                let record = LaunchRecord(
                    launch: row[2], pid: row[4], app: row[5], platform: row[6], os: row[7], device: row[8],
                    lifecycle: (row[9] as String?).flatMap(Lifecycle.init(rawValue:)), started: row[10], part: row[3])
                try body(.launch(record, file: file, line: row[1]))
                let cursor = try Row.fetchCursor(events, arguments: [id])
                while let event = try cursor.next() {
                    let line: Int = event[8]
                    var attrs: Attributes = [:]
                    if let json: String = event[7] {
                        do throws(TraceFormatError) {
                            attrs = try AttributeValue.decodeObject(json)
                        } catch {
                            throw StoreReadError(file: file, line: line, message: "event.attrs is not a JSON object: \(error.message)")
                        }
                    }
                    let phase = (event[3] as String?).flatMap(Phase.init(rawValue:)) ?? .instant
                    try body(
                        .event(
                            EventRecord(
                                seq: event[0], t: event[1], event: EventName(event[2] as String), phase: phase,
                                session: event[4], scene: event[5], thread: event[6], attrs: attrs),
                            line: line))
                }
            }
        }
    }
}
