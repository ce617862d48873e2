@_spi(Performance) import LifelineFormat

// MARK: - Trace files

extension RuleChecker {
    /// Checks every record of a trace file, streaming.
    ///
    /// Lines that are not checked are returned, located, so the caller can report them: lines
    /// that are not valid format v1, events before any launch record (the importer skips
    /// them too) and an unterminated last line that does not parse (the app died mid-write).
    ///
    /// - Parameters:
    ///   - label: how witnesses name the file, and the trace label that groups its launches for
    ///     launch-spanning rules; the path by default.
    /// - Returns: the skipped lines, in file order, and how many launches and events were checked.
    @discardableResult
    public func check(file path: String, label: String? = nil) throws(TraceFileError) -> TraceFileCheck {
        var reader = try TraceLineReader(path: path)
        return try check(&reader, name: label ?? path)
    }

    /// ``check(file:label:)`` with the file read and scanned on a second thread while this one
    /// checks the lines before (as `lifeline import` parses while it inserts): the same result,
    /// sooner for a large file on a machine with a core to spare.
    @discardableResult
    @_spi(Performance) public func checkReadingAhead(file path: String, label: String? = nil) throws(TraceFileError) -> TraceFileCheck {
        try checkReadingAhead(file: path, label: label, linesPerBatch: ScannedLineBatch.capacity)
    }

    /// ``checkReadingAhead(file:label:)`` handing lines over `linesPerBatch` at a time (tests cross batches with few lines).
    func checkReadingAhead(file path: String, label: String?, linesPerBatch: Int) throws(TraceFileError) -> TraceFileCheck {
        var progress = FileProgress(before: summary)
        var scanner = TraceLineScanner()
        let name = label ?? path
        try TraceLineReader.forEachLineScannedAhead(
            linesPerBatch: linesPerBatch, opening: { () throws(TraceFileError) in try TraceLineReader(path: path) }
        ) { bytes, line in
            check(line: bytes, line.number, terminated: line.terminated, scanned: line.event, &scanner, name: name, &progress)
        }
        return progress.result(after: summary)
    }

    /// Checks every record read from an open descriptor (standard input, say), streaming, as
    /// ``check(file:label:)`` checks a file; `label` names the trace in witnesses and diagnostics.
    ///
    /// ```swift
    /// let checked = try checker.check(descriptor: STDIN_FILENO, label: "s3://fleet/notes/iPad13,4.ndjson")
    /// ```
    @discardableResult
    public func check(descriptor: Int32, label: String) throws(TraceFileError) -> TraceFileCheck {
        var reader = TraceLineReader(descriptor: descriptor, path: label)
        return try check(&reader, name: label)
    }

    private func check(_ reader: inout TraceLineReader, name: String) throws(TraceFileError) -> TraceFileCheck {
        var scanner = TraceLineScanner()
        var progress = FileProgress(before: summary)
        reader.forEachLine { bytes, number, terminated in
            if TraceLineScanner.isBlank(bytes) { return true }
            check(line: bytes, number, terminated: terminated, scanned: nil, &scanner, name: name, &progress)
            return true
        }
        try reader.checkReadError()
        return progress.result(after: summary)
    }

    /// What checking a file has seen so far.
    private struct FileProgress {
        var skipped: [Diagnostic] = []
        /// A new file starts without a launch: its events need a launch record of their own.
        var fileHasLaunch = false
        var launchRecords = 0
        let eventsBefore: Int

        init(before: CheckSummary) { eventsBefore = before.events }

        func result(after: CheckSummary) -> TraceFileCheck {
            TraceFileCheck(skipped: skipped, launches: launchRecords, events: after.events - eventsBefore)
        }
    }

    /// Checks one line that is not blank; `given` is its event when another thread scanned it.
    @inline(__always)
    private func check(
        line bytes: UnsafeRawBufferPointer, _ number: Int, terminated: Bool, scanned given: ScannedEvent?,
        _ scanner: inout TraceLineScanner, name: String, _ progress: inout FileProgress
    ) {
        if let given {
            guard progress.fileHasLaunch else {
                progress.skipped.append(Diagnostic(.error, line: number, column: 1, "event before any launch record"))
                return
            }
            // The other thread keeps only events whose strings are all in the line: no scratch space.
            check(given, bytes: bytes, scratch: UnsafeRawBufferPointer(start: nil, count: 0), line: number)
            return
        }
        do throws(TraceFormatError) {
            let scanned = try scanner.scan(bytes, lineNumber: number)
            switch scanned.kind {
            case .launch:
                if case .launch(let launch) = TraceRecord(scanned, line: bytes, scanner: scanner) {
                    beginLaunch(launch, trace: name, file: name, line: number)
                    progress.fileHasLaunch = true
                    // A rotated part's record continues a launch rather than starting one, but it is
                    // still the file's launch record.
                    progress.launchRecords += 1
                }
            case .event:
                guard progress.fileHasLaunch else {
                    progress.skipped.append(Diagnostic(.error, line: number, column: 1, "event before any launch record"))
                    return
                }
                if let event = ScannedEvent(scanned, lineLength: bytes.count, scratchLength: scanner.scratch.count) {
                    scanner.scratch.withUnsafeBytes { check(event, bytes: bytes, scratch: $0, line: number) }
                } else if case .event(let record) = TraceRecord(scanned, line: bytes, scanner: scanner) {
                    // A line too long for a compact event's 32-bit offsets (the reader holds none:
                    // its lines are at most 16 MiB): the record, as the database path checks it.
                    check(record, line: number)
                }
            }
        } catch {
            if terminated {
                progress.skipped.append(error.diagnostic)
            } else {
                progress.skipped.append(
                    Diagnostic(
                        .error, line: number, column: bytes.count + 1,
                        "last line is not terminated and is incomplete (the producer stopped mid-write or is still writing)"))
            }
        }
    }

    /// Checks one scanned event without building its record.
    ///
    /// The name, session and scene are resolved from the line's bytes (or the scanner's
    /// `scratch` space, for strings that had escapes; a `String` is made only for one not seen
    /// just before); the owned record, with its attributes decoded, is built only when a rule
    /// that sees the event tests conditions, or the event discards sessions.
    private func check(
        _ scanned: ScannedEvent, bytes: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer, line: Int
    ) {
        let symbol: Int32
        if let callback = scanned.callback {
            symbol = Int32(callback.rawValue)
        } else {
            symbol = appSymbol(bytes: scanned.event.bytes(line: bytes, scratch: scratch) ?? UnsafeRawBufferPointer(start: nil, count: 0))
        }
        let ref = advance(
            symbol: symbol, seq: scanned.seq, t: scanned.t, line: line, phase: scanned.phase,
            scene: scanned.scene.bytes(line: bytes, scratch: scratch).map { String(decoding: $0, as: UTF8.self) },
            scenePhase: LaunchAnatomy.ScenePhaseReading(attrs: EventRecord(scanned, line: bytes, scratch: scratch).attrs))
        let (entries, wanted) = interest(in: symbol)
        if !wanted { return }
        var record: EventRecord?
        if testsConditions(symbol, scanned.phase) || (scanned.callback == .didDiscardSceneSessions && scanned.session.isAbsent) {
            record = EventRecord(scanned, line: bytes, scratch: scratch)
        }
        var event = CheckerEvent(ref: ref, sessionSlot: -1, sceneSlot: -1, discarded: false)
        if needsSlots(symbol) {
            if let session = scanned.session.bytes(line: bytes, scratch: scratch) { event.sessionSlot = sessionSlot(bytes: session) }
            if let scene = scanned.scene.bytes(line: bytes, scratch: scratch) { event.sceneSlot = sceneSlot(bytes: scene) }
            if let record, record.event.callback == .didDiscardSceneSessions && record.session == nil {
                event.discarded = discard(record.discardedSessions)
            }
        }
        if let record {
            withUnsafePointer(to: record) { deliver(event, entries, fields: $0) }
        } else {
            deliver(event, entries, fields: nil)
        }
    }
}
