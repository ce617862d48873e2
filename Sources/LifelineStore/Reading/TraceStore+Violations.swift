import Foundation
import GRDB

// MARK: - Violations of the last check

extension TraceStore {
    /// Replaces the stored violations with those of a new check, in one transaction.
    ///
    /// Each row is linked to its launch (`launch_id`) by the launch's identifier
    /// and file, so the REPL can join violations with events.
    public func replaceViolations(_ violations: [StoredViolation], checkedAt: Date = Date()) throws(StoreError) {
        let stamp = ISO8601DateFormatter().string(from: checkedAt)
        do {
            try database.write { db in
                try db.execute(sql: "DELETE FROM violation")
                let insert = try db.makeStatement(
                    sql: """
                        INSERT INTO violation (checked_at, rule, severity, status, message, explanation, launch_id,
                            launch_uuid, session, scene, file, line, seq, witnesses)
                        VALUES (?, ?, ?, ?, ?, ?,
                            (SELECT launch.id FROM launch JOIN trace_file ON trace_file.id = launch.file_id
                             WHERE launch.uuid = ? ORDER BY (trace_file.path = ?) DESC, launch.id LIMIT 1),
                            ?, ?, ?, ?, ?, ?, ?)
                        """)
                for v in violations {
                    try insert.execute(arguments: [
                        stamp, v.rule, v.severity, v.status, v.message, v.explanation, v.launchUUID, v.file,
                        v.launchUUID, v.session, v.scene, v.file, v.line, v.seq, v.witnesses,
                    ])
                }
            }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }
}
