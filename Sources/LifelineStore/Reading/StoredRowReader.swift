import Foundation
import GRDB
import GRDBSQLite
@_spi(Performance) import LifelineFormat

/// What ``TraceStore/forEachRow(launch:event:)`` hands with each event row: its strings and,
/// when asked, the whole record.
///
/// Valid only inside the call it is given to, for the row of that call: the
/// record is read from the statement's current row.
@_spi(Performance) public final class StoredRowReader {
    private let handle: OpaquePointer?
    private let strings: StoredStrings
    /// The trace file of the current launch, for located errors.
    var file = ""

    init(handle: OpaquePointer?, strings: StoredStrings) {
        self.handle = handle
        self.strings = strings
    }

    /// The string with id `id` (an event name, session, scene or thread).
    ///
    /// Throws when the database has no such string; ``TraceStore/forEachRow(launch:event:)`` reports
    /// it as a ``StoreError``.
    public func string(_ id: Int64) throws -> String {
        try strings.value(id)
    }

    /// The event `row` as a record: its strings resolved, its thread and its attributes decoded.
    ///
    /// Throws ``StoreReadError`` when its `attrs` column is not a JSON object, and (reported by
    /// ``TraceStore/forEachRow(launch:event:)`` as a ``StoreError``) when a string it refers to is missing.
    public func record(_ row: StoredEventRow) throws -> EventRecord {
        EventRecord(
            seq: row.event.seq, t: row.event.t, event: try strings.name(row.event.name), phase: row.event.phase,
            session: try strings.optional(handle, 4), scene: try strings.optional(handle, 5),
            thread: try strings.optional(handle, 6), attrs: try attributes(line: row.line))
    }

    /// The current row's attributes; a located error when the column holds something else than a JSON object.
    func attributes(line: Int) throws -> Attributes {
        guard let text = sqlite3_column_text(handle, 7) else { return [:] }
        let json = String(
            decoding: UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, 7))), as: UTF8.self)
        do throws(TraceFormatError) {
            return try AttributeValue.decodeObject(json)
        } catch {
            throw StoreReadError(file: file, line: line, message: "event.attrs is not a JSON object: \(error.message)")
        }
    }
}
