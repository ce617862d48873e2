import GRDB

// MARK: - Importing into an open database

extension TraceImporter {
    /// Prepares `writer` as a Lifeline database: applies the migrations it lacks.
    ///
    /// With ``importFile(at:label:into:options:diagnostics:)`` this lets the importer
    /// run on a database that is not a ``TraceStore`` file: the import fuzz target
    /// (Fuzz/Targets/fuzz-import) uses an in-memory `DatabaseQueue`, so a million
    /// imports touch no disk.
    package static func prepare(_ writer: some DatabaseWriter) throws {
        try StoreSchema.migrate(writer)
    }

    /// Imports one file into `db` inside the caller's transaction, as `lifeline import` does inside its own.
    ///
    /// The plan is decided from what `db` already holds under `label` (new, grown,
    /// changed or unchanged), exactly as ``importFile(at:label:options:diagnostics:progress:)``
    /// decides it under the write lock. A failure that rolls a file back is returned
    /// as a `.failed` outcome; the caller decides whether to commit.
    package static func importFile(
        at path: String, label: String, into db: Database, options: ImportOptions = .init(),
        diagnostics: @escaping DiagnosticHandler = { _ in }
    ) throws -> FileImportResult {
        let prior = try PriorImport.fetch(path: label, db: db)
        let content = try ImportSource(path: path, contents: nil).content(prior: prior, db: db)
        let plan = try ImportPlan.decide(label: label, prior: prior, content: content, db: db)
        if case .skip(let outcome) = plan { return FileImportResult(path: label, outcome: outcome) }
        var run = ImportRun(
            db: db, path: path, label: label, plan: plan, content: content, options: options, diagnostics: diagnostics,
            progress: nil)
        do {
            return try run.execute()
        } catch let error as ImportError where error.code != .cancelled {
            return FileImportResult(path: label, outcome: .failed(error.diagnostic))
        }
    }
}
