import Foundation
import LifelineFormat
import LifelineReports
import LifelineStore
import LifelineSupport
import LifelineTerminal

// MARK: - Importing traces without leaving

extension ReplShell {
    /// Imports trace files and directories, with the database writable for the duration.
    func importTraces(_ paths: [String]) throws {
        if paths.contains("-") { throw ReplError.message(".import: standard input is the shell's; give a file") }
        for path in paths {
            switch InputFile(path: configuration.resolve(path)) {
            case nil: throw ReplError.cannotOpen(path: path, reason: "no such file or directory")
            case .regular?, .directory?: break
            case let kind?: throw ReplError.cannotOpen(path: path, reason: kind.refusal ?? "it is not a regular file")
            }
        }
        // A file named outright is imported whatever its name; one that is not a trace (a CSV) would
        // "import" as nothing but skipped lines, so it is refused before the database is touched.
        for path in paths where InputFile(path: configuration.resolve(path)) == .regular {
            if let problem = Self.traceProblem(atPath: configuration.resolve(path)) {
                throw ReplError.message(
                    ".import: '\(path)' is not a trace (line \(problem.line): \(problem.message)); "
                        + "'.import --csv FILE TABLE' reads CSV into a temporary table")
            }
        }
        let files = TracePaths.expand(paths.map(configuration.resolve)).files
        guard !files.isEmpty else {
            throw ReplError.message(".import: no traces (*.ndjson, *.jsonl) in \(paths.joined(separator: " "))")
        }
        if try database.session.contents() == .foreign {
            throw ReplError.message(".import: \(configuration.databasePath) is not a Lifeline database; not writing to it")
        }
        let errors = self.errors
        let environment = configuration.environment
        let summary = try withWritableStore { store in
            var summary = ImportSummary()
            let importer = TraceImporter(store: store)
            let options = ImportOptions(isCancelled: interrupt?.cancellation)
            for file in files {
                let result = importer.importFile(at: file, label: label(for: file), options: options) { diagnostic in
                    errors.write(Self.rendered(diagnostic, for: errors, environment: environment) + "\n")
                }
                summary.files.append(result)
                // Ctrl-C: the file under way rolled back; the rest are not started.
                if result.outcome == .interrupted { break }
            }
            return summary
        }
        let interrupted = summary.files.contains { $0.outcome == .interrupted }
        if interrupted, currentReader?.isInteractive == true { write("\n") }  // after the terminal's "^C"
        for file in summary.files {
            guard let message = ImportReport.message(for: file, escaping: true) else { continue }
            if case .failed = file.outcome {
                // Read as console text and nothing in it named a callback: perhaps the CSV `.import --csv` reads.
                let hint = file.shape == .text ? "; '.import --csv FILE TABLE' reads CSV into a temporary table" : ""
                report(ReplError.message(message.text + hint))
            } else {
                write(message.text + "\n")
            }
        }
        let changed = summary.files.contains { file in
            switch file.outcome {
            case .imported, .appended, .reimported: true
            case .unchanged, .duplicate, .failed, .interrupted: false
            }
        }
        write(ImportReport.shortSummaryLine(summary) + "\n")
        // The last check's numbers would point at launches that may have been re-imported under new ids.
        if changed, case .checked = checkState {
            checkState = .outdated
            write("(the database changed, so .violations and .why forget the last check; .check again)\n")
        }
    }

    /// `.import --csv FILE TABLE`: the CSV file's records into the temporary table `table` (created
    /// from the header line when it does not exist), as sqlite3 imports CSV; the database is untouched.
    func importCSV(_ path: String, into table: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: configuration.resolve(path))
        } catch {
            throw ReplError.cannotOpen(path: path, reason: error.description)
        }
        let records = CSVRecords.parseWithLines(bytes)
        guard !records.isEmpty else { throw ReplError.message(".import: '\(path)' holds no CSV records") }
        let result = try read { session in try session.importRecords(records.map(\.fields), intoTemporaryTable: table) }
        databaseDidChange()
        // sqlite3's warnings, located as ours are: a row with too few values got NULLs, one with too many lost some.
        for record in records.dropFirst(result.created ? 1 : 0) where record.fields.count != result.columns {
            let what =
                record.fields.count < result.columns ? "filling the rest with NULL" : "the extra values are left out"
            write(
                Diagnostic(
                    .warning, file: path, line: record.line,
                    "expected \(result.columns) values but found \(record.fields.count); \(what)"))
        }
    }

    /// Why the file at `path` is not a trace: its first line that is not blank is not a trace
    /// record (a launch header or an event). Nil for a trace, and for an empty file (nothing to import).
    static func traceProblem(atPath path: String) -> (line: Int, message: String)? {
        // A log (console text, a unified log, a Chrome trace) is imported as `lifeline import` imports
        // it; only a file that looks like a Lifeline trace is held to its first record here.
        guard (try? TraceShape.detect(atPath: path)) == .native, var reader = try? TraceLineReader(path: path) else { return nil }
        var problem: (line: Int, message: String)?
        reader.forEachLine { bytes, number, _ in
            guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            do throws(TraceFormatError) {
                _ = try TraceRecord(parsing: String(decoding: bytes, as: UTF8.self), lineNumber: number)
            } catch {
                problem = (number, error.message)
            }
            return false
        }
        return problem
    }

    /// The name a file is recorded under: as typed, relative to the shell's directory.
    private func label(for file: String) -> String {
        guard let directory = configuration.directory else { return file }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file
    }
}
