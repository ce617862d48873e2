import LifelineFormat

/// `event_raw.state`: the scene state after an event, stored as a small integer (schema v5).
///
/// The codes follow the names' alphabetical order, so `MAX` over codes picks what `MAX` over
/// the names did in the v3 `timeline` view when two state changes share a `seq`.
enum SceneStateCode {
    /// The state names by code (1...4).
    static let names = ["background", "foregroundActive", "foregroundInactive", "unattached"]

    /// The callbacks whose end (or instant) changes the state, with the state after them, as recorded.
    static let changes: [(callback: Callback, state: String)] = [
        (.willConnectTo, "unattached"),
        (.sceneWillEnterForeground, "foregroundInactive"),
        (.sceneDidBecomeActive, "foregroundActive"),
        (.sceneWillResignActive, "foregroundInactive"),
        (.sceneDidEnterBackground, "background"),
        (.sceneDidDisconnect, "unattached"),
        (.applicationWillEnterForeground, "foregroundInactive"),
        (.applicationDidBecomeActive, "foregroundActive"),
        (.applicationWillResignActive, "foregroundInactive"),
        (.applicationDidEnterBackground, "background"),
    ]

    /// The code of `state`.
    static func code(of state: String) -> Int64? {
        names.firstIndex(of: state).map { Int64($0) + 1 }
    }

    /// The name of the state stored as `code`; nil for NULL (no state yet) and for a code no version wrote.
    static func name(of code: Int64?) -> String? {
        guard let code, code >= 1, code <= Int64(names.count) else { return nil }
        return names[Int(code) - 1]
    }

    /// The code of the state an event named `name` (as stored) leaves its session in, if it changes it.
    static func change(byName name: String) -> Int64? {
        changes.first { $0.callback.name == name }.flatMap { code(of: $0.state) }
    }

    /// `CASE <column> WHEN '<callback name>' THEN <code> ... END`: the change code of a stored name.
    static func caseExpression(on column: String) -> String {
        "CASE \(column) "
            + changes.map { "WHEN '\($0.callback.name)' THEN \(code(of: $0.state) ?? 0)" }.joined(separator: " ") + " END"
    }

    /// `CASE <column> WHEN 1 THEN 'background' ... END`: the state name of a stored code.
    static func nameExpression(of column: String) -> String {
        "CASE \(column) " + names.enumerated().map { "WHEN \($0.offset + 1) THEN '\($0.element)'" }.joined(separator: " ") + " END"
    }
}
