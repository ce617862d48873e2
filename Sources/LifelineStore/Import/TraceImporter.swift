import Foundation
import GRDB
import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Options for ``TraceImporter``.
public struct ImportOptions: Sendable {
    /// Fail a whole file (import none of it) on any malformed line or order error.
    public var strict = false
    /// Asked between batches of lines: `true` stops the file's import and rolls it back, and the
    /// file's outcome is ``FileImportResult/Outcome/interrupted`` (the REPL's Ctrl-C). Once it
    /// returns `true`, any error the import meets (SQLite's own `SQLITE_INTERRUPT` when the
    /// interrupt landed inside a statement) also counts as the interruption.
    public var isCancelled: (@Sendable () -> Bool)?
    /// The callbacks recorded by launches whose record does not list them (`lifeline import --records`),
    /// stored in `launch.records`; `nil` leaves such launches recording every callback (a native
    /// trace), or the callbacks a foreign log shows (console text, unified logs: see docs/interchange.md).
    public var records: CallbackSet?
    /// The input's shape (`--from`); nil decides it from each file's first bytes (``TraceShape/detect(_:)``).
    public var shape: TraceShape?
    /// How console text and unified logs are read (`--pattern`, `--subsystem`, `--category`).
    public var interchange = InterchangeOptions()
    /// Whether the import derives each launch's kind, phases and ending (`launch_anatomy`,
    /// `launch_phase`; docs/launches.md). Off only to measure what deriving them costs.
    @_spi(Performance) public var derivesLaunchAnatomy = true

    public init(
        strict: Bool = false, isCancelled: (@Sendable () -> Bool)? = nil, records: CallbackSet? = nil,
        shape: TraceShape? = nil, interchange: InterchangeOptions = InterchangeOptions()
    ) {
        self.strict = strict
        self.isCancelled = isCancelled
        self.records = records
        self.shape = shape
        self.interchange = interchange
    }
}

/// Imports trace files into a ``TraceStore``: streaming, idempotent, one transaction per file.
///
/// - The same content is never imported twice: a file is identified by the
///   XXH64 hash and size of what was imported from it. Importing it again adds
///   nothing; a file that grew imports only its new lines; a file that changed
///   replaces its old rows.
/// - Each file is imported in one `BEGIN IMMEDIATE` transaction: an error or a
///   kill leaves the database as it was before that file.
/// - Malformed lines are skipped, counted and reported with their location
///   (``ImportOptions/strict`` fails the file instead). An unterminated last line
///   is imported if it is whole JSON and skipped with a warning if not.
/// - Lines are read and checked on a second thread while the database's writer
///   inserts them; the handlers are called from the inserting side, in file order.
public final class TraceImporter: Sendable {
    public let store: TraceStore

    public init(store: TraceStore) { self.store = store }

    /// Receives each located diagnostic as it is found, in file order.
    public typealias DiagnosticHandler = (Diagnostic) -> Void
    /// Receives the bytes read so far in the current file and the events imported so far, now and then.
    public typealias ProgressHandler = (_ file: String, _ bytesRead: Int, _ fileSize: Int, _ events: Int) -> Void

    /// Imports every path (see ``TracePaths/expand(_:)``), one transaction per file.
    public func importPaths(
        _ paths: [String], options: ImportOptions = .init(), diagnostics: @escaping DiagnosticHandler = { _ in },
        progress: ProgressHandler? = nil
    ) -> ImportSummary {
        let start = Date()
        var summary = ImportSummary()
        for file in TracePaths.expand(paths).files {
            if file == "-" {
                summary.files.append(importStandardInput(options: options, diagnostics: diagnostics, progress: progress))
            } else {
                summary.files.append(importFile(at: file, options: options, diagnostics: diagnostics, progress: progress))
            }
        }
        summary.seconds = Date().timeIntervalSince(start)
        return summary
    }

    /// Imports standard input: it is copied to a temporary file first, so it can be hashed and read twice.
    public func importStandardInput(
        options: ImportOptions = .init(), diagnostics: @escaping DiagnosticHandler = { _ in }, progress: ProgressHandler? = nil
    ) -> FileImportResult {
        let label = "<stdin>"
        let temporary = NSTemporaryDirectory() + "lifeline-stdin-\(getpid())-\(UUID().uuidString).input"
        defer { unlink(temporary) }
        let output = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard output >= 0 else {
            return FileImportResult(path: label, outcome: .failed(Diagnostic(.error, file: label, "cannot buffer standard input")))
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var failed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                failed = count < 0
                break
            }
            let written = buffer.withUnsafeBytes { write(output, $0.baseAddress!, count) }
            if written != count {
                failed = true
                break
            }
        }
        close(output)
        if failed { return FileImportResult(path: label, outcome: .failed(Diagnostic(.error, file: label, "cannot read standard input"))) }
        return importFile(at: temporary, label: label, options: options, diagnostics: diagnostics, progress: progress)
    }

    // MARK: - One file

    /// Imports one file. `label` names it in the database and in diagnostics (default: `path`).
    public func importFile(
        at path: String, label: String? = nil, options: ImportOptions = .init(),
        diagnostics: @escaping DiagnosticHandler = { _ in }, progress: ProgressHandler? = nil
    ) -> FileImportResult {
        let label = label ?? path
        let tracksPath = label != "<stdin>"
        do {
            let prior = tracksPath ? try store.database.read { try PriorImport.fetch(path: label, db: $0) } : nil
            // One read of a foreign file feeds its shape, its hashes and its decoder; a trace file's
            // first 64 KiB tell its shape, and the parser streams it (hashing it as it reads, when new).
            let input = try TraceInput(path: path, shape: options.shape)
            let shape = input.shape
            let source = ImportSource(path: path, contents: input.contents)
            let content = try store.database.read { db in try source.content(prior: prior, db: db) }
            let plan = try store.database.read { db in
                try ImportPlan.decide(label: label, prior: prior, content: content, db: db)
            }
            switch plan {
            case .skip(let outcome):
                return FileImportResult(path: label, outcome: outcome, shape: shape)
            case .new, .tail, .replace:
                // A foreign shape is decoded whole before the transaction: its decoder keeps state across
                // lines (launches, open spans), so it never resumes mid-file as a trace file's tail does.
                let decoded = input.contents.map { contents in
                    Self.decode(contents, shape: shape, options: options) { bytes in
                        progress?(label, bytes, content.size, 0)
                    }
                }
                return try store.database.writeWithoutTransaction { db in
                    var result = FileImportResult(path: label, outcome: .imported)
                    // Committed pages into the database file first, so that if this import fails
                    // the log holds only its own pages and `giveBackWAL` can cut it without writing.
                    _ = try? db.checkpoint(.passive)
                    do {
                        try db.inTransaction(.immediate) {
                            // Decide again under the write lock: another process may have imported meanwhile.
                            let current = tracksPath ? try PriorImport.fetch(path: label, db: db) : nil
                            // The hash of the prior import's extent was taken for the prior seen before the lock;
                            // if another importer committed meanwhile it is another extent, so hash it again:
                            // without this the second of two importers of one file re-imported it all. A file
                            // not hashed yet is looked at again too: another process may have imported a copy.
                            let confirmedContent =
                                content.hashes != nil && current?.size == prior?.size
                                ? content : try source.content(prior: current, db: db)
                            let confirmed = try ImportPlan.decide(
                                label: label, prior: current, content: confirmedContent, db: db)
                            if case .skip(let outcome) = confirmed {
                                result.outcome = outcome
                                return .rollback
                            }
                            var run = ImportRun(
                                db: db, path: path, label: label, plan: confirmed, content: confirmedContent,
                                options: options, diagnostics: diagnostics, progress: progress, decoded: decoded)
                            result = try run.execute()
                            // Lines but not one launch: nothing of any shape Lifeline reads. Fail the file
                            // (a CI step importing the wrong file must not pass) and keep nothing of it.
                            var appended = false
                            if case .tail = confirmed { appended = true }
                            if result.launches == 0, !appended, confirmedContent.size > 0 {
                                throw ImportError(
                                    .noLaunches,
                                    Diagnostic(
                                        .error, file: label, shape.noLaunches(lines: decoded?.lineCount ?? 0), id: "import.noLaunches"))
                            }
                            return .commit
                        }
                    } catch let error as ImportError where error.code != .cancelled {
                        result = FileImportResult(path: label, outcome: .failed(error.diagnostic), shape: shape)
                        Self.giveBackWAL(db)
                    } catch {
                        Self.giveBackWAL(db)
                        throw error
                    }
                    return result
                }
            }
        } catch  where Self.isInterruption(error, options: options) {
            return FileImportResult(path: label, outcome: .interrupted)
        } catch let error as TraceFileError {
            // Reported once, by whoever reads the outcome (the diagnostics handler gets the file's lines); named as
            // the user named it (`<stdin>`, not the temporary file standard input was kept in).
            return FileImportResult(path: label, outcome: .failed(error.diagnostic.in(file: label)))
        } catch let error as any DiagnosticError {
            return FileImportResult(
                path: label, outcome: .failed(error.diagnostics.first ?? Diagnostic(.error, file: label, "\(error)")))
        } catch {
            return FileImportResult(path: label, outcome: .failed(Diagnostic(.error, file: label, TraceStore.describe(error))))
        }
    }

    /// Decodes a foreign input, read whole.
    static func decode(
        _ contents: [UInt8], shape: TraceShape, options: ImportOptions, progress: ((Int) -> Void)? = nil
    ) -> DecodedTrace {
        DecodedTrace.decode(contents, shape: shape, options: options.interchange, progress: progress)
    }

    /// Truncates the write-ahead log after a rolled-back import.
    ///
    /// The rolled-back transaction's pages stay in the `-wal` file, which keeps
    /// its size: after an import that failed because the disk filled up, the
    /// disk would stay full. A `TRUNCATE` checkpoint copies what was committed
    /// into the database (nothing, after the passive checkpoint the import
    /// started with, so it needs no free space) and cuts the log to zero bytes.
    /// It is best effort: a reader of another process may hold an older
    /// snapshot, and the import has failed already.
    private static func giveBackWAL(_ db: Database) {
        _ = try? db.checkpoint(.truncate)
    }
}

extension TraceImporter {
    /// Whether an import ended because it was cancelled: the importer's own check between batches,
    /// SQLite's `SQLITE_INTERRUPT` (`sqlite3_interrupt` landed inside a statement), or any
    /// other error once cancellation was asked for (the statement it broke reports it its own way).
    static func isInterruption(_ error: any Error, options: ImportOptions) -> Bool {
        if let error = error as? ImportError, error.code == .cancelled { return true }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_INTERRUPT { return true }
        return options.isCancelled?() ?? false
    }
}

/// What the database knows of an earlier import of the same path.
struct PriorImport {
    var id: Int64
    var size: Int
    var lineCount: Int
    var hash: String

    static func fetch(path: String, db: Database) throws -> PriorImport? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT id, size, line_count, content_hash FROM trace_file WHERE path = ? ORDER BY id DESC LIMIT 1
                """, arguments: [path]
        ).map { row in
            PriorImport(id: row[0], size: row[1], lineCount: row[2], hash: row[3])
        }
    }
}

/// How a file will be imported.
enum ImportPlan {
    case new
    /// The file grew: import from byte `offset`, line `line`, into file row `fileID`.
    case tail(fileID: Int64, offset: Int, line: Int)
    /// The file changed: replace the rows of file row `fileID`.
    case replace(fileID: Int64)
    case skip(FileImportResult.Outcome)

    /// The plan for content whose path's last import was `prior`; content not hashed yet is new
    /// (``ImportSource/content(prior:db:)`` leaves a file unhashed only when no import can hold it).
    static func decide(label: String, prior: PriorImport?, content: ImportSource.Content, db: Database) throws -> ImportPlan {
        guard let hashes = content.hashes else { return .new }
        if let prior {
            if prior.size <= hashes.size, hashes.prior == prior.hash {
                if prior.size == hashes.size { return .skip(.unchanged) }
                return .tail(fileID: prior.id, offset: prior.size, line: prior.lineCount + 1)
            }
            return .replace(fileID: prior.id)
        }
        if let other = try String.fetchOne(
            db,
            sql: """
                SELECT path FROM trace_file WHERE (content_hash = ? AND size = ?) OR (content_hash = ? AND size = ?)
                LIMIT 1
                """, arguments: [hashes.full, hashes.size, hashes.terminated, hashes.terminatedSize])
        {
            return .skip(other == label ? .unchanged : .duplicate(of: other))
        }
        return .new
    }

    /// Whether some imported file was stored with one of these sizes (the only ones a copy of a
    /// file of these sizes could have been stored with).
    static func anyFile(ofSize size: Int, orSize terminatedSize: Int, db: Database) throws -> Bool {
        try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM trace_file WHERE size = ? OR size = ?)",
            arguments: [size, terminatedSize]) ?? false
    }
}
