@_spi(Performance) import LifelineFormat

// MARK: - Events given by string ids

extension RuleChecker {
    /// Checks one event of the current launch given by the ids of its strings, as a database holds it.
    ///
    /// The same verdicts as ``check(_:line:)`` on the event's record, for a
    /// fraction of the cost: each id is resolved once per table (`ids`), a name
    /// to its symbol and, within a launch, a session or scene to its slot, by
    /// asking `string` the first time; the record, with its thread and
    /// attributes, is asked of `record` only when a rule that sees the event
    /// tests conditions on it, or the event discards sessions.
    ///
    /// As `lifeline check lifeline.db` and check-benchmark (Benchmarks/, which compiles the same lines) do:
    ///
    /// ```swift
    /// var ids = StringIDCache()
    /// try store.forEachRow { launch, file, line in
    ///     checker.beginLaunch(launch, trace: file, file: file, line: line)
    /// } event: { row, reader in
    ///     try checker.check(row.event, line: row.line, ids: &ids, string: reader.string, record: { try reader.record(row) })
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - line: the event's line in the current file.
    ///   - string: the string of an id of the table.
    ///   - record: the event's whole record.
    /// - Throws: what `string` or `record` throw; the event is then not checked.
    @_spi(Performance) public func check(
        _ event: IdentifiedEvent, line: Int, ids: inout StringIDCache, string: (Int64) throws -> String,
        record: () throws -> EventRecord
    ) rethrows {
        let symbol: Int32
        if let known = ids.symbol(event.name) {
            symbol = known
        } else {
            symbol = self.symbol(of: EventName(try string(event.name)))
            ids.remember(name: event.name, symbol)
        }
        let discards = symbol == Int32(Callback.didDiscardSceneSessions.rawValue) && event.session == nil
        let wantsRecord = testsConditions(symbol, event.phase) || discards
        // A scene id the table cannot answer reads as no scene (the anatomy's resumes only).
        let ref = advance(
            symbol: symbol, seq: event.seq, t: event.t, line: line, phase: event.phase,
            scene: event.scene.flatMap { try? string($0) },
            scenePhase: (try? record()).flatMap { LaunchAnatomy.ScenePhaseReading(attrs: $0.attrs) })
        let (entries, wanted) = interest(in: symbol)
        if !wanted { return }
        let fields = wantsRecord ? try record() : nil
        var checked = CheckerEvent(ref: ref, sessionSlot: -1, sceneSlot: -1, discarded: false)
        if needsSlots(symbol) {
            ids.enter(launch: launchCount)
            if let session = event.session {
                if let slot = ids.sessionSlot(session) {
                    checked.sessionSlot = slot
                } else {
                    checked.sessionSlot = sessionSlot(try string(session))
                    ids.remember(session: session, checked.sessionSlot)
                }
            }
            if let scene = event.scene {
                if let slot = ids.sceneSlot(scene) {
                    checked.sceneSlot = slot
                } else {
                    checked.sceneSlot = sceneSlot(try string(scene))
                    ids.remember(scene: scene, checked.sceneSlot)
                }
            }
            if discards, let fields { checked.discarded = discard(fields.discardedSessions) }
        }
        if let fields {
            withUnsafePointer(to: fields) { deliver(checked, entries, fields: $0) }
        } else {
            deliver(checked, entries, fields: nil)
        }
    }
}
