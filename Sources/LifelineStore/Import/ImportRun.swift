import Foundation
import GRDB
import LifelineFormat

/// One file's import inside its transaction: stream the lines, insert, count, report.
struct ImportRun {
    let db: Database
    let path: String
    let label: String
    let plan: ImportPlan
    let hashes: FileHashes
    let options: ImportOptions
    let diagnostics: TraceImporter.DiagnosticHandler
    let progress: TraceImporter.ProgressHandler?

    init(
        db: Database, path: String, label: String, plan: ImportPlan, hashes: FileHashes, options: ImportOptions,
        diagnostics: @escaping TraceImporter.DiagnosticHandler, progress: TraceImporter.ProgressHandler?
    ) {
        self.db = db
        self.path = path
        self.label = label
        self.plan = plan
        self.hashes = hashes
        self.options = options
        self.diagnostics = diagnostics
        self.progress = progress
    }

    mutating func execute() throws -> FileImportResult {
        var result = FileImportResult(path: label, outcome: .imported)
        var order = TraceOrderChecker()
        var launchID: Int64?
        let fileID: Int64
        var startOffset = 0
        var firstLine = 1
        var previous = (launches: 0, events: 0, malformed: 0, dropped: 0, warnings: 0)
        let now = Timestamp.format(nanosecondsSince1970: Int64(Date().timeIntervalSince1970 * 1_000_000_000))

        switch plan {
        case .new:
            try db.execute(sql: """
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
            if let row = try Row.fetchOne(db, sql: """
                SELECT l.id, MAX(e.seq), MAX(e.t), MAX(e.line), l.line FROM launch l
                LEFT JOIN event_raw e ON e.launch_id = l.id
                WHERE l.file_id = ? GROUP BY l.id ORDER BY l.id DESC LIMIT 1
                """, arguments: [id]) {
                launchID = row[0]
                let lastLine: Int = row[3] ?? row[4]
                order.resumeLaunch(lastSeq: row[1] ?? -1, lastT: row[2] ?? -1, lastLine: lastLine)
            }
            if let row = try Row.fetchOne(db, sql: """
                SELECT launch_count, event_count, malformed_count, dropped_count, warning_count
                FROM trace_file WHERE id = ?
                """, arguments: [id]) {
                previous = (row[0], row[1], row[2], row[3], row[4])
            }
        case .skip:
            preconditionFailure("a skipped file has no run")
        }

        let inserter = try EventInserter(db)
        var reader = try TraceLineReader(path: path)
        reader.endOffset = hashes.size
        try reader.seek(to: startOffset)
        var scanner = TraceLineScanner()
        var abort: ImportAbort?
        var databaseError: (any Error)?
        var lastLine = firstLine - 1
        var tornLineImported = false
        var bytesRead = startOffset
        let label = self.label
        let strict = options.strict
        let report = diagnostics

        func fail(_ message: String) -> Bool {
            abort = ImportAbort(message: message)
            return false
        }

        reader.forEachLine(firstLine: firstLine) { bytes, number, terminated in
            bytesRead += bytes.count + 1
            if number % 8192 == 0 { progress?(label, bytesRead, hashes.size, result.events) }
            if TraceLineScanner.isBlank(bytes) {
                if terminated { lastLine = number }
                return true
            }
            let scanned: ScannedLine
            do throws(TraceFormatError) {
                scanned = try scanner.scan(bytes, lineNumber: number)
            } catch {
                if !terminated {
                    result.warnings += 1
                    report(TraceDiagnostic(.warning, line: number, column: bytes.count + 1,
                        "last line is not terminated and is incomplete; not imported (the producer stopped mid-write or is still writing)")
                        .rendered(file: label))
                    return true
                }
                let rendered = error.rendered(file: label)
                report(rendered)
                if error.code == .unsupportedVersion { return fail(rendered) }
                result.malformed += 1
                lastLine = number
                return strict ? fail("\(label): error: malformed line \(number) (--strict)") : true
            }
            if !terminated {
                tornLineImported = true
                result.warnings += 1
                report(TraceDiagnostic(.warning, line: number, column: bytes.count + 1,
                    "last line is not terminated (imported; the producer stopped mid-write or is still writing)")
                    .rendered(file: label))
            }
            lastLine = number
            do {
                switch scanned.kind {
                case .launch:
                    func text(_ string: ScannedString?) -> String? { string.map { scanner.string($0, in: bytes) } }
                    try db.execute(sql: """
                        INSERT INTO launch (file_id, line, uuid, part, pid, app, platform, os, device, lifecycle, started)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: [
                            fileID, number, text(scanned.launch), scanned.part, scanned.pid, text(scanned.app),
                            text(scanned.platform), text(scanned.os), text(scanned.device),
                            scanned.lifecycle?.rawValue, text(scanned.started),
                        ])
                    launchID = db.lastInsertedRowID
                    order.beginLaunch(part: scanned.part)
                    result.launches += 1
                case .event:
                    guard let launchID else {
                        report(TraceDiagnostic(.error, line: number, column: 1, "event before any launch record")
                            .rendered(file: label))
                        result.malformed += 1
                        return strict ? fail("\(label): error: event before any launch record (--strict)") : true
                    }
                    let problems = order.check(scanned, bytes: bytes, scanner: scanner, line: number)
                    for problem in problems {
                        report(problem.rendered(file: label))
                        if problem.severity == .error { result.orderErrors += 1 } else { result.warnings += 1 }
                    }
                    if strict && problems.contains(where: { $0.severity == .error }) {
                        return fail("\(label): error: events out of order at line \(number) (--strict)")
                    }
                    try scanner.scratch.withUnsafeBytes { scratch in
                        try inserter.insert(scanned, line: bytes, scratch: scratch, launchID: launchID, fileID: fileID,
                                            lineNumber: number, db: db)
                    }
                    result.events += 1
                    if scanned.callback == nil, scanned.event.count == 16,
                        scanner.string(scanned.event, in: bytes) == EventName.dropped.name,
                        case .event(let event) = TraceRecord(scanned, line: bytes, scanner: scanner),
                        let count = event.attrs["count"]?.numberValue {
                        result.dropped += Int(count)
                    }
                }
            } catch {
                databaseError = error
                return false
            }
            return true
        }
        if let abort { throw abort }
        if let databaseError { throw databaseError }
        try reader.checkReadError()
        result.bytes = bytesRead - startOffset

        let importedSize = max(startOffset, tornLineImported ? hashes.size : reader.terminatedOffset)
        let hash: String
        if importedSize == hashes.size {
            hash = hashes.full
        } else if importedSize == hashes.terminatedSize {
            hash = hashes.terminated
        } else {
            hash = hashes.prior ?? ContentHash().text
        }
        if case .appended = result.outcome, importedSize == startOffset { result.outcome = .unchanged }
        try db.execute(sql: """
            UPDATE trace_file SET content_hash = ?, size = ?, line_count = ?, imported_at = ?,
                launch_count = ?, event_count = ?, malformed_count = ?, dropped_count = ?, warning_count = ?
            WHERE id = ?
            """, arguments: [
                hash, importedSize, max(lastLine, firstLine - 1), now,
                previous.launches + result.launches, previous.events + result.events,
                previous.malformed + result.malformed, previous.dropped + result.dropped,
                previous.warnings + result.warnings + result.orderErrors, fileID,
            ])
        progress?(label, bytesRead, hashes.size, result.events)
        return result
    }
}
