import LifelineFormat

/// Events as the CSV rows the sqlite3 shell's `.import --csv` loads: the peer the import and check
/// benchmarks measure Lifeline against.
public enum EventCSV {
    /// A quoted CSV field; nothing for NULL (which `.import` reads as '').
    public static func field(_ text: String?) -> String {
        guard let text else { return "" }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The columns of ``textRow(id:launch:event:line:)``, for a staging table.
    public static let textColumns = "id, launch_id, seq, t, event, phase, session, scene, thread, attrs, file_id, line"

    /// One event with its strings as text: id, launch_id, seq, t, event, phase, session, scene,
    /// thread, attrs, file_id, line.
    public static func textRow(id: Int, launch: Int, event: EventRecord, line: Int) -> String {
        "\(id),\(launch),\(event.seq),\(event.t),\(field(event.event.name)),\(event.phase.rawValue),"
            + "\(field(event.session)),\(field(event.scene)),\(field(event.thread)),\(attrsField(event)),1,\(line)\n"
    }

    /// The `attrs` column: the JSON object as the trace writes it, or nothing.
    public static func attrsField(_ event: EventRecord) -> String {
        var attrs: [UInt8] = []
        if !event.attrs.isEmpty { TraceEncoder.attributes(event.attrs, &attrs) }
        return field(attrs.isEmpty ? nil : String(decoding: attrs, as: UTF8.self))
    }
}
