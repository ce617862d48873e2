import Foundation
import LifelineFormat

/// How `launch.records` holds a launch's recorded callbacks: a JSON array of canonical names.
///
/// ```sql
/// SELECT l.id, r.value FROM launch l, json_each(l.records) r;   -- NULL records: every callback
/// ```
enum LaunchRecords {
    /// `["sceneWillEnterForeground(_:)","sceneDidBecomeActive(_:)"]`, in catalog order.
    static func json(_ records: CallbackSet) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, callback) in records.elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            TraceEncoder.string(callback.name, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A JSON array of `strings` (a launch anatomy's evidence).
    static func jsonArray(_ strings: [String]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            TraceEncoder.string(string, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The set a stored array names, or `nil` when it is not an array of callback names
    /// (another tool wrote the column).
    static func decode(_ json: String) -> CallbackSet? {
        guard let names = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else { return nil }
        var records = CallbackSet()
        for name in names {
            guard let callback = Callback(named: name) else { return nil }
            records.insert(callback)
        }
        return records
    }
}
