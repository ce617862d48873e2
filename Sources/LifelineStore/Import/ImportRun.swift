import Foundation
import GRDB
import LifelineFormat

/// One file's import inside its transaction: an ``ImportParser`` on a thread of its
/// own streams and checks the lines; this thread inserts them and reports, in file order.
struct ImportRun {
    let db: Database
    let path: String
    let label: String
    let plan: ImportPlan
    /// The file's size and, unless the parser hashes it as it reads it, its hashes.
    let content: ImportSource.Content
    let options: ImportOptions
    let diagnostics: TraceImporter.DiagnosticHandler
    let progress: TraceImporter.ProgressHandler?
    /// A foreign input, decoded: inserted in place of the file's lines.
    let decoded: DecodedTrace?

    init(
        db: Database, path: String, label: String, plan: ImportPlan, content: ImportSource.Content, options: ImportOptions,
        diagnostics: @escaping TraceImporter.DiagnosticHandler, progress: TraceImporter.ProgressHandler?,
        decoded: DecodedTrace? = nil
    ) {
        self.decoded = decoded
        self.db = db
        self.path = path
        self.label = label
        self.plan = plan
        self.content = content
        self.options = options
        self.diagnostics = diagnostics
        self.progress = progress
    }

    /// Bytes left to import at most for the parser to run on the calling thread: 64 KiB, a few hundred events.
    static let parsedInline = 64 << 10

    mutating func execute() throws -> FileImportResult {
        var result = FileImportResult(path: label, outcome: .imported)
        var order = TraceOrderChecker()
        var launchID: Int64?
        let fileID: Int64
        var startOffset = 0
        var firstLine = 1
        var previous = (launches: 0, events: 0, malformed: 0, dropped: 0, warnings: 0)
        let now = Timestamp.format(nanosecondsSince1970: Int64(Date().timeIntervalSince1970 * 1_000_000_000))

        // A decoded input is read whole: a file that grew is imported again in full.
        var plan = self.plan
        if decoded != nil, case .tail(let id, _, _) = plan { plan = .replace(fileID: id) }
        switch plan {
        case .new:
            try db.execute(
                sql: """
                    INSERT INTO trace_file (path, content_hash, size, line_count, imported_at) VALUES (?, '', 0, 0, ?)
                    """, arguments: [label, now])
            fileID = db.lastInsertedRowID
        case .replace(let id):
            fileID = id
            result.outcome = .reimported
            try db.execute(sql: "DELETE FROM launch WHERE file_id = ?", arguments: [id])
        case .tail(let id, let offset, let line):
            fileID = id
            startOffset = offset
            firstLine = line
            result.outcome = .appended(fromLine: line)
            if let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT l.id, MAX(e.seq), MAX(e.t), MAX(e.line), l.line FROM launch l
                    LEFT JOIN event_raw e ON e.launch_id = l.id
                    WHERE l.file_id = ? GROUP BY l.id ORDER BY l.id DESC LIMIT 1
                    """, arguments: [id])
            {
                launchID = row[0]
                let lastLine: Int = row[3] ?? row[4]
                order.resumeLaunch(lastSeq: row[1] ?? -1, lastT: row[2] ?? -1, lastLine: lastLine)
            }
            if let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT launch_count, event_count, malformed_count, dropped_count, warning_count
                    FROM trace_file WHERE id = ?
                    """, arguments: [id])
            {
                previous = (row[0], row[1], row[2], row[3], row[4])
            }
        case .skip:
            preconditionFailure("a skipped file has no run")
        }

        // The parser reads and checks lines on its own thread; this one inserts what it hands over.
        // What is left of a small file is parsed here first instead, all of it at once (the queue
        // holds every batch it needs): starting a thread costs more than overlapping the two saves
        // for a few thousand lines, and importing many small files (or a fuzzer's inputs) pays it per file.
        let left = content.size - startOffset
        let inline = left <= Self.parsedInline
        let queue = inline ? ImportBatchQueue(limit: .max, expectedBytes: left) : ImportBatchQueue(expectedBytes: left)
        // Each launch's anatomy is built by the reader as it reads the events; a file that grew is
        // derived again from what is stored.
        let streamsAnatomies = options.derivesLaunchAnatomy && launchID == nil
        if let decoded {
            let batches = DecodedBatches(
                decoded: decoded, label: label, strict: options.strict, size: content.size, declared: options.records,
                anatomies: streamsAnatomies ? StreamedAnatomies(fileID: fileID, declared: options.records) : nil)
            if inline { batches.run(into: queue) } else { Thread { batches.run(into: queue) }.start() }
            result.shape = decoded.shape
            result.ignored = decoded.ignored
            result.launchesWithoutSessions = decoded.launchesWithoutSessions
            result.merged = decoded.merged
            result.assumed = decoded.launches.compactMap {
                $0.recordsAssumption(declaring: options.records, shape: decoded.shape)?.description
            }
        } else {
            let parser = ImportParser(
                path: path, label: label, strict: options.strict, endOffset: content.size, startOffset: startOffset,
                firstLine: firstLine, order: order, inLaunch: launchID != nil, hashes: content.hashes == nil,
                anatomies: streamsAnatomies ? StreamedAnatomies(fileID: fileID, declared: options.records) : nil)
            if inline {
                parser.run(into: queue)
            } else {
                Thread { parser.run(into: queue) }.start()
            }
        }
        let inserted: InsertedLaunches
        do {
            inserted = try insertBatches(from: queue, launchID: launchID, fileID: fileID, expectedBytes: left)
        } catch {
            queue.cancel()
            _ = queue.outcome()
            throw error
        }
        let parsed = queue.outcome()
        if let abort = parsed.abort { throw abort }
        if let error = parsed.readError { throw error }
        if options.derivesLaunchAnatomy { try storeAnatomies(parsed.anatomies, of: inserted, fileID: fileID) }
        result.launches = parsed.launches
        result.events = parsed.events
        result.malformed = parsed.malformed
        result.dropped = parsed.dropped
        result.warnings = parsed.warnings
        result.orderErrors = parsed.orderErrors
        result.bytes = parsed.bytesRead - startOffset
        let lastLine = parsed.lastLine
        let bytesRead = parsed.bytesRead

        // Hashed before the import, or by the parser as it read the file (a new file, read once).
        guard let hashes = content.hashes ?? parsed.hashes else {
            preconditionFailure("a file not hashed before its import is hashed by its parser")
        }
        let importedSize = max(startOffset, parsed.tornLineImported ? hashes.size : parsed.terminatedOffset)
        let hash: String
        if importedSize == hashes.size {
            hash = hashes.full
        } else if importedSize == hashes.terminatedSize {
            hash = hashes.terminated
        } else {
            hash = hashes.prior ?? ContentHash().text
        }
        if case .appended = result.outcome, importedSize == startOffset { result.outcome = .unchanged }
        try db.execute(
            sql: """
                UPDATE trace_file SET content_hash = ?, size = ?, line_count = ?, imported_at = ?,
                    launch_count = ?, event_count = ?, malformed_count = ?, dropped_count = ?, warning_count = ?
                WHERE id = ?
                """,
            arguments: [
                hash, importedSize, max(lastLine, firstLine - 1), now,
                previous.launches + result.launches, previous.events + result.events,
                previous.malformed + result.malformed, previous.dropped + result.dropped,
                previous.warnings + result.warnings + result.orderErrors, fileID,
            ])
        progress?(label, bytesRead, content.size, result.events)
        return result
    }

    /// The launches a file's import inserted, in file order, and whether their events went in out of `seq` order.
    private struct InsertedLaunches {
        var ids: [Int64] = []
        var recomputed = false
    }

    /// Stores the anatomies the reader built for the launches inserted (``StreamedAnatomies``), or
    /// derives them from the stored events: for a grown file, a rotated part, a launch whose later
    /// parts were imported before it, and events out of `seq` order.
    private func storeAnatomies(_ streamed: StreamedAnatomies?, of inserted: InsertedLaunches, fileID: Int64) throws {
        if let streamed, !streamed.needsStoredEvents, !inserted.recomputed, streamed.launches.count == inserted.ids.count,
            try !continuesOtherFiles(fileID)
        {
            try LaunchAnatomyStore.store(
                zip(inserted.ids, streamed.launches).map {
                    LaunchAnatomyStore.Derived(id: $0, place: $1.place, anatomy: $1.anatomy, resumes: $1.resumes)
                }, replacing: false, db: db)
        } else {
            try LaunchAnatomyStore.derive(fileID: fileID, db: db)
        }
    }

    /// Whether a launch of the file has later parts another file holds (imported before it, as a
    /// directory lists `notes.2.ndjson` before `notes.ndjson`): one question for the whole file.
    private func continuesOtherFiles(_ fileID: Int64) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM launch l JOIN launch later ON later.uuid = l.uuid
                               WHERE l.file_id = ? AND later.part > 1 AND later.id != l.id)
                """, arguments: [fileID]) ?? false
    }

    /// Inserts the parser's batches as they come: launches, events, and the diagnostics between them in order.
    private func insertBatches(
        from queue: ImportBatchQueue, launchID resumed: Int64?, fileID: Int64, expectedBytes: Int
    ) throws -> InsertedLaunches {
        var inserter = try EventInserter(db, expectedBytes: expectedBytes, resumedLaunch: resumed)
        let launchStatement = try db.makeStatement(
            sql: """
                INSERT INTO launch (file_id, line, uuid, part, pid, app, platform, os, device, lifecycle, started, records, excerpt,
                                    app_version, process_start_ns, prewarm, task_role, module_load_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        var launchID = resumed ?? 0
        var inserted = 0
        var launches = InsertedLaunches()
        while let batch = queue.receive() {
            if let isCancelled = options.isCancelled, isCancelled() {
                throw ImportError(.cancelled, Diagnostic(.error, file: label, "interrupted"))
            }
            // Locals, not the batch's properties, in the loop: no exclusivity checks per event.
            let events = batch.events
            let interludes = batch.interludes
            var next = 0
            try batch.bytes.withUnsafeBytes { bytes in
                for index in events.indices {
                    while next < interludes.count && interludes[next].before == index {
                        launchID = try apply(
                            interludes[next].1, launchID: launchID, statement: launchStatement, fileID: fileID, launches: &launches)
                        next += 1
                    }
                    try inserter.add(events[index], bytes: bytes, launchID: launchID)
                }
                try inserter.flush(bytes: bytes, fileID: fileID, db: db)
            }
            for (_, interlude) in interludes[next...] {
                launchID = try apply(interlude, launchID: launchID, statement: launchStatement, fileID: fileID, launches: &launches)
            }
            inserted += events.count
            progress?(label, batch.bytesRead, content.size, inserted)
            queue.recycle(batch)
        }
        // Out of seq order, or continuing a launch imported before: the definition, in SQL, for those launches.
        for launch in inserter.launchesToRecompute.sorted() {
            try db.execute(sql: StoreSchema.recompute(launchFilter: "e.launch_id = ?1"), arguments: [launch])
        }
        launches.recomputed = !inserter.launchesToRecompute.isEmpty
        return launches
    }

    /// Inserts a launch (returning its id) or reports a diagnostic (returning `launchID`).
    private func apply(
        _ interlude: ImportBatch.Interlude, launchID: Int64, statement: Statement, fileID: Int64,
        launches: inout InsertedLaunches
    ) throws -> Int64 {
        switch interlude {
        case .launch(let record, let line):
            try statement.execute(arguments: [
                fileID, line, record.launch, record.part, record.pid, record.app, record.platform, record.os,
                record.device, record.lifecycle?.rawValue, record.started,
                (record.records ?? options.records).map(LaunchRecords.json), record.excerpt == true ? 1 : nil,
                record.appVersion, record.processStart, record.prewarm.map { $0 ? 1 : 0 }, record.taskRole, record.moduleLoad,
            ])
            let id = db.lastInsertedRowID
            launches.ids.append(id)
            return id
        case .diagnostic(let text):
            diagnostics(text)
            return launchID
        }
    }
}
