import Foundation
import GRDB
import LifelineREPL
import LifelineStore

/// A working directory for one scripted session: the fixture traces imported
/// into `lifeline.db`, plus the fixture queries, scripts, extra traces, rules
/// (`rules/` loads at start, `more-rules/` is for `.load`) and the sample bug
/// traces (`bugs/`, not imported: a session imports them to find violations).
struct ReplFixture {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    let directory: URL

    init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lifeline-repl-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in ["traces", "queries", "scripts", "extra", "rules", "more-rules", "bugs"] {
            try manager.copyItem(at: Self.fixtures.appendingPathComponent(folder), to: directory.appendingPathComponent(folder))
        }
        let store = try TraceStore(path: path("lifeline.db"))
        let importer = TraceImporter(store: store)
        for name in try manager.contentsOfDirectory(atPath: path("traces")).sorted() {
            let result = importer.importFile(at: path("traces/" + name), label: "traces/" + name)
            precondition(!result.isFailure, "fixture \(name) did not import")
        }
    }

    func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// Runs `script` through a shell on the fixture database and returns the transcript
    /// (results and diagnostics interleaved as a person would see them) and the exit status.
    /// `terminal`: whether the transcript stands for a terminal (machine modes escape controls there).
    func run(
        _ script: String, name: String = "session.script", width: Int? = 150, terminal: Bool = false
    ) throws -> (
        text: String, status: Int32
    ) {
        let sink = TextSink(isTerminal: terminal)
        let shell = try ReplShell(
            configuration: ReplConfiguration(databasePath: "lifeline.db", directory: directory.path, width: width),
            output: sink, errors: sink)
        let status = shell.run(reader: StreamLineReader(text: script, name: name))
        return (sink.text, status)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
