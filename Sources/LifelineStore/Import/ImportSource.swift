import GRDB
import LifelineFormat

/// The file an import reads, as the plan sees it: where its bytes come from (its path, or the
/// content a foreign file was read into once) and how its hashes are taken.
struct ImportSource {
    let path: String
    /// The whole file, already read (a foreign shape, see ``TraceInput``); nil: read from `path`.
    let contents: [UInt8]?

    /// What is known of the file's content when the import is planned: its size, and its hashes
    /// when the plan needs them.
    struct Content {
        /// Bytes to import up to: the size the file had when it was hashed or measured.
        var size: Int
        /// nil: not hashed yet; the parser hashes the file as it reads it (``ImportParser/hashes``).
        var hashes: FileHashes?
    }

    /// The file's content for planning an import whose path had `prior` as its last import.
    ///
    /// A trace file's hashes are taken before the import only when they can decide something: when
    /// its path was imported before (grown, changed or unchanged), or when some imported file was
    /// stored with one of the two sizes its hash would be compared at (``FileHashes/sizes(path:)``:
    /// a copy of it under another path). Otherwise it is new whatever its hash, and the parser hashes
    /// it as it reads it: the file is read once instead of twice. Content already in memory is hashed
    /// from memory.
    func content(prior: PriorImport?, db: Database) throws -> Content {
        if prior == nil, contents == nil {
            let sizes = try FileHashes.sizes(path: path)
            if sizes.size > 0, sizes.terminatedSize >= 0,
                try !ImportPlan.anyFile(ofSize: sizes.size, orSize: sizes.terminatedSize, db: db)
            {
                return Content(size: sizes.size, hashes: nil)
            }
        }
        let hashes = try hashes(priorSize: prior?.size)
        return Content(size: hashes.size, hashes: hashes)
    }

    /// Hashes the whole file (``FileHashes``), from memory when it was read already.
    func hashes(priorSize: Int?) throws(TraceFileError) -> FileHashes {
        if let contents { return FileHashes(bytes: contents, priorSize: priorSize) }
        return try FileHashes(path: path, priorSize: priorSize)
    }
}
