import Foundation
import GRDB
import LifelineCore
import LifelineFormat
import LifelineTestSupport

@testable import LifelineStore

/// A store in its own directory, with helpers to write traces and read rows back.
struct StoreFixture {
    let directory: URL
    let store: TraceStore
    let importer: TraceImporter

    init() throws {
        directory = try temporaryDirectory()
        store = try TraceStore(path: directory.appendingPathComponent("test.db").path)
        importer = TraceImporter(store: store)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func append(_ name: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path(name)))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Imports one file, collecting its diagnostics.
    func importFile(_ path: String, strict: Bool = false) -> (FileImportResult, [String]) {
        let collected = Collected()
        let result = importer.importFile(at: path, options: ImportOptions(strict: strict)) { collected.add($0.description) }
        return (result, collected.lines)
    }

    func rows(_ sql: String) throws -> [[String]] {
        try store.database.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                row.databaseValues.map { value in value.isNull ? "NULL" : String(describing: value.storage.value ?? "") }
            }
        }
    }

    func count(_ table: String) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Collects diagnostics from a handler.
final class Collected: Sendable {
    private let stored = Locked<[String]>([])
    func add(_ line: String) { stored.withLock { $0.append(line) } }
    var lines: [String] { stored.withLock { $0 } }
}

let sceneTrace = """
    {"lifeline":1,"type":"launch","launch":"L1","pid":10,"app":"com.example.Notes","platform":"iOS","os":"17.5","device":"iPhone15,2","lifecycle":"scene","started":"2026-11-21T10:00:00.000Z"}
    {"seq":1,"t":0,"event":"didFinishLaunching","phase":"begin","thread":"main"}
    {"seq":2,"t":20000000,"event":"didFinishLaunching","phase":"end","thread":"main"}
    {"seq":3,"t":20500000,"event":"configurationForConnecting","session":"S1","thread":"main"}
    {"seq":4,"t":21000000,"event":"willConnectTo","phase":"begin","session":"S1","scene":"0x1","thread":"main","attrs":{"role":"UIWindowSceneSessionRoleApplication"}}
    {"seq":5,"t":36000000,"event":"willConnectTo","phase":"end","session":"S1","scene":"0x1","thread":"main"}
    {"seq":6,"t":40000000,"event":"sceneWillEnterForeground","session":"S1","scene":"0x1","thread":"main"}
    {"seq":7,"t":41000000,"event":"sceneDidBecomeActive","session":"S1","scene":"0x1","thread":"main"}
    {"seq":8,"t":900000000,"event":"sceneWillResignActive","session":"S1","scene":"0x1","thread":"main"}
    {"seq":9,"t":950000000,"event":"sceneDidEnterBackground","session":"S1","scene":"0x1","thread":"main"}

    """
