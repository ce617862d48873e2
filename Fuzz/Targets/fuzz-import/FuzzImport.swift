import Foundation
import FuzzSupport
import GRDB
import LifelineStore

/// An empty Lifeline database in memory; every input's import is rolled back.
let database: DatabaseQueue = {
    do {
        let queue = try DatabaseQueue()
        try TraceImporter.prepare(queue)
        return queue
    } catch {
        fatalError("cannot create the in-memory database: \(error)")
    }
}()

/// libFuzzer entry point: the input is a trace file, imported into an in-memory database.
///
/// The whole file is imported once; then, when it has a line break in its first
/// half, the part up to that line break is imported and the whole file again under
/// the same name, which takes the path for a file that grew (import only the new
/// lines, resuming the launch and the order checks). The two ways must store the
/// same number of launches and events. Each import is rolled back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let whole = MemoryFile(bytes[...])
    let full = importing([whole])[0]
    guard let cut = bytes[..<(size / 2)].lastIndex(of: 0x0A) else { return 0 }
    let prefix = MemoryFile(bytes[...cut])
    let parts = importing([prefix, whole])
    guard case .imported = parts[0].outcome, case .imported = full.outcome else { return 0 }
    switch parts[1].outcome {
    case .appended, .unchanged:
        let launches = parts[0].launches + parts[1].launches
        let events = parts[0].events + parts[1].events
        if launches != full.launches || events != full.events {
            fatalError(
                """
                importing in two steps stored \(launches) launches and \(events) events, \
                at once \(full.launches) and \(full.events)
                """)
        }
    default:
        fatalError("the whole file after its first \(cut + 1) bytes was not appended: \(parts[1].outcome)")
    }
    return 0
}

/// Imports `files` one after another under one name, in a transaction that is then rolled back.
func importing(_ files: [MemoryFile]) -> [FileImportResult] {
    var results: [FileImportResult] = []
    do {
        try database.inTransaction { db in
            for file in files {
                results.append(try TraceImporter.importFile(at: file.path, label: "fuzz.ndjson", into: db))
            }
            return .rollback
        }
    } catch {
        fatalError("the import failed outside a file's own errors: \(error)")
    }
    return results
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_import_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzImport)
}
