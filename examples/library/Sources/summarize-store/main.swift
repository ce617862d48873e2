import Foundation
import LifelineFormat
import LifelineStore

// Imports trace files into a fresh database, then reads every launch and event back in trace order
// and counts the events per callback: the store as a tool uses it (docs/schema.md has the tables for
// SQL of your own).
let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: summarize-store TRACE.ndjson...\n".utf8))
    exit(2)
}
let database = FileManager.default.temporaryDirectory.appendingPathComponent("summarize-\(getpid()).db").path
defer {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
}

do {
    let store = try TraceStore(path: database)
    let summary = TraceImporter(store: store).importPaths(paths) { diagnostic in print(diagnostic) }
    for file in summary.files {
        if case .failed(let diagnostic) = file.outcome { print("\(diagnostic) (not imported)") }
    }
    let counts = try store.counts()
    print("\(counts.files) files, \(counts.launches) launches, \(counts.events) events")

    var perCallback: [Callback: Int] = [:]
    var apps: Set<String> = []
    try store.forEachRecord { record in
        switch record {
        case .launch(let launch, _, _):
            if let app = launch.app { apps.insert(app) }
        case .event(let event, _):
            if let callback = event.event.callback, event.phase != .end { perCallback[callback, default: 0] += 1 }
        }
    }
    print("apps: \(apps.sorted().joined(separator: ", "))")
    for (callback, count) in perCallback.sorted(by: { ($0.value, $1.key.name) > ($1.value, $0.key.name) }).prefix(10) {
        print("\(String(count).padding(toLength: 8, withPad: " ", startingAt: 0)) \(callback.name)")
    }
} catch let error as any DiagnosticError {
    for diagnostic in error.diagnostics { print(diagnostic) }
    exit(1)
} catch {
    print("error: \(error)")
    exit(1)
}
