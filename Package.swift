// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// The library `lifeline repl` edits lines with (docs/repl.md, "Line editing: GNU readline or libedit").
///
/// macOS has no GNU readline (its `<readline/readline.h>` is libedit's), so it builds with libedit; elsewhere GNU
/// readline (libreadline-dev) unless `LIFELINE_LINE_EDITOR=libedit` asks for libedit (libedit-dev), which `.ci/run`
/// does in a scratch path of its own (`--scratch-path .build-libedit`), so the libedit build is tested on Linux too
/// and switching never rebuilds the REPL and what depends on it in `.build`. Each choice is a directory holding a
/// module map for the same module, CReadline, over the same `shim.h`, which decides what differs by what the
/// library's header declares. A `lifeline` built with GNU readline, which is GPL-licensed, carries the GPL's terms
/// when distributed; libedit is BSD-licensed.
enum LineEditor: String {
    case readline, libedit

    var directory: String { self == .readline ? "GNUReadline" : "Libedit" }

    static var chosen: LineEditor {
        guard let name = ProcessInfo.processInfo.environment["LIFELINE_LINE_EDITOR"], !name.isEmpty else {
            #if os(macOS)
            return .libedit
            #else
            return .readline
            #endif
        }
        guard let editor = LineEditor(rawValue: name) else {
            fatalError("LIFELINE_LINE_EDITOR is '\(name)'; it must be 'readline' (GNU readline) or 'libedit'")
        }
        return editor
    }
}
let lineEditor = LineEditor.chosen

let package = Package(
    name: "Lifeline",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "LifelineRecorder", targets: ["LifelineRecorder"]),
        .library(name: "LifelineSwiftUI", targets: ["LifelineSwiftUI"]),
        .library(name: "LifelineFormat", targets: ["LifelineFormat"]),
        .library(name: "LifelineStore", targets: ["LifelineStore"]),
        .library(name: "LifelineRules", targets: ["LifelineRules"]),
        .executable(name: "lifeline", targets: ["lifeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // Layer 0: what an app links besides the recorder: the event model, the callback catalog and the
        // NDJSON v1 encoder. No dependencies; compiles for every platform above (docs/recorder.md).
        .target(name: "LifelineCore"),
        // Layer 0: the tool's shared utilities (batch queues, input files, a seeded generator). Not a product.
        .target(name: "LifelineSupport"),
        // Layer 0: what Lifeline says about an input, one way everywhere: `Diagnostic` (severity, stable id,
        // location, message, notes, source excerpt) and `DiagnosticError`. No terminal code; rendering for a
        // person is LifelineTerminal's.
        .target(name: "LifelineDiagnostics", dependencies: ["LifelineSupport"]),
        // Layer 1: reading traces: the NDJSON v1 scanner and readers, validation, trace-file discovery, and the
        // other shapes traces come in and go out as (console text, unified logs, Chrome traces).
        .target(name: "LifelineFormat", dependencies: ["LifelineCore", "LifelineDiagnostics", "LifelineSupport"]),
        // Layer 0: what Lifeline prints on a terminal, once each: escaping untrusted text, colour (NO_COLOR),
        // tables, caret diagnostics, "did you mean", REAL numbers, the progress bar.
        .target(name: "LifelineTerminal", dependencies: ["LifelineFormat", "LifelineSupport"]),
        // Layer 1: the library apps embed. Standard library, Foundation, LifelineCore and CLifelineLoad only.
        .target(name: "LifelineRecorder", dependencies: ["LifelineCore", "CLifelineLoad"]),
        // What the recorder reads before main(): a C constructor (Swift has none) notes when the image was
        // loaded and the ActivePrewarm variable iOS removes later. The module map sits beside the header, so
        // the folder is its public headers' (docs/recorder.md, "Launch record").
        .target(name: "CLifelineLoad", publicHeadersPath: "."),
        // Layer 1: what a SwiftUI app adds (scene phase modifiers), apart so a UIKit app's recorder loads no SwiftUI.
        .target(name: "LifelineSwiftUI", dependencies: ["LifelineRecorder"]),
        // Layer 2: the SQLite store (GRDB migrations), the importer, typed reads, saved queries, and the one
        // connection for user SQL (SQLSession). The only module that imports GRDB or holds SQL.
        .target(
            name: "LifelineStore",
            dependencies: [
                "LifelineCore",
                "LifelineFormat",
                "LifelineSupport",
                "CSQLiteConfig",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            plugins: ["EmbedText"]  // queries/*.sql, compiled in (SavedQuery.shippedSources)
        ),
        // Layer 2: the rule language and the streaming checker. Reads events, never SQL.
        .target(name: "LifelineRules", dependencies: ["LifelineCore", "LifelineFormat", "LifelineSupport"]),
        // Layer 3: report renderers (text, JSON, JUnit, SARIF, GitHub), and the words for an import's
        // outcome (ImportReport, which reads the store's result values). Renders only: no files, no SQL.
        .target(
            name: "LifelineReports",
            dependencies: ["LifelineFormat", "LifelineSupport", "LifelineRules", "LifelineStore", "LifelineTerminal"],
            exclude: ["HTML/report.js"],
            plugins: ["EmbedText"]  // HTML/report.js, compiled in (HTMLPage.script)
        ),
        // Files that are not Swift, compiled into the modules that ship them at build time (the saved
        // queries, the report's script): each is kept once, in its own language, and nothing generated
        // is committed. The plugin runs the tool below.
        .plugin(name: "EmbedText", capability: .buildTool(), dependencies: ["embed-text"], path: "Plugins/EmbedText"),
        .executableTarget(name: "embed-text", path: "Plugins/EmbedTextTool"),
        // Layer 3: the check service (rules loaded, paths expanded, traces and databases checked, violations
        // stored) that the CLI, the REPL and the demo call.
        .target(
            name: "LifelineCheck", dependencies: ["LifelineCore", "LifelineFormat", "LifelineRules", "LifelineStore", "LifelineReports"]),
        // The REPL's line editor, GNU readline or libedit (below), through static inline accessors for its globals.
        .systemLibrary(name: "CReadline", path: "Sources/CReadline/\(lineEditor.directory)"),
        // The one SQLite call Swift cannot make (the variadic sqlite3_db_config), for the store's
        // connection hardening. Every other sqlite3_* call goes through GRDB's GRDBSQLite, the one
        // module over SQLite: two would be two SQLite libraries in one process if GRDB were built
        // with its own (SQLCipher, say), which SQLite documents as a way to corrupt databases.
        .target(name: "CSQLiteConfig", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // Layer 4: the interactive shell `lifeline repl` runs (SQL, dot-commands, timelines, rule checks).
        .target(
            name: "LifelineREPL",
            dependencies: [
                "LifelineCore", "LifelineFormat", "LifelineSupport", "LifelineStore", "LifelineRules", "LifelineReports",
                "LifelineCheck", "LifelineTerminal", "CReadline",
            ]
        ),
        // An executable model of UIKit's life cycle driving instrumented delegates.
        .target(
            name: "LifelineSimulator",
            dependencies: ["LifelineCore", "LifelineFormat", "LifelineSupport", "LifelineRecorder"]),
        // What `lifeline demo` runs: simulate, import, query (a library so tests and the rule check reach it).
        .target(
            name: "LifelineDemo",
            dependencies: [
                "LifelineFormat", "LifelineReports", "LifelineRules", "LifelineSimulator", "LifelineStore", "LifelineCheck",
                "LifelineTerminal",
            ]
        ),
        // The thin command-line tool: one file per subcommand.
        .executableTarget(
            name: "lifeline",
            dependencies: [
                "LifelineCore",
                "LifelineSupport",
                "LifelineDemo",
                "LifelineCheck",
                "LifelineReports",
                "LifelineRules",
                "LifelineFormat",
                "LifelineSimulator",
                "LifelineStore",
                "LifelineREPL",
                "LifelineTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A real process the recorder tests kill with SIGKILL mid-recording.
        .executableTarget(
            name: "recorder-probe",
            dependencies: ["LifelineRecorder"],
            path: "Tests/RecorderProbe"
        ),
        // Helpers the test targets share (not a product): temporary directories. The seeded random
        // generator they use is LifelineFormat's SplitMix64, the one the simulator draws from.
        .target(name: "LifelineTestSupport", dependencies: ["LifelineSupport"], path: "Tests/LifelineTestSupport"),
        .testTarget(
            name: "LifelineFormatTests",
            dependencies: ["LifelineFormat", "LifelineSupport", "LifelineTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LifelineRecorderTests",
            dependencies: [
                "LifelineRecorder", "LifelineCore", "LifelineFormat", "LifelineSupport", "LifelineTestSupport", "recorder-probe",
            ]
        ),
        .testTarget(
            name: "LifelineStoreTests",
            dependencies: [
                "LifelineStore", "LifelineCore", "LifelineFormat", "LifelineSupport", "LifelineTestSupport", "CSQLiteConfig",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "LifelineSimulatorTests", dependencies: ["LifelineSimulator", "LifelineCore", "LifelineFormat", "LifelineTestSupport"]),
        .testTarget(
            name: "LifelineDemoTests",
            dependencies: [
                "LifelineDemo", "LifelineCheck", "LifelineReports", "LifelineRules", "LifelineSimulator", "LifelineStore",
                "LifelineFormat", "LifelineTerminal", "LifelineTestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LifelineRulesTests",
            dependencies: ["LifelineRules", "LifelineFormat", "LifelineSupport", "LifelineTestSupport"],
            resources: [.copy("Golden")]
        ),
        .testTarget(name: "LifelineSupportTests", dependencies: ["LifelineSupport", "LifelineCore"]),
        .testTarget(name: "LifelineDiagnosticsTests", dependencies: ["LifelineDiagnostics"]),
        .testTarget(name: "LifelineTerminalTests", dependencies: ["LifelineTerminal", "LifelineFormat", "LifelineSupport"]),
        .testTarget(name: "LifelineReportsTests", dependencies: ["LifelineReports", "LifelineRules", "LifelineFormat", "LifelineStore"]),
        .testTarget(
            name: "LifelineCheckTests",
            dependencies: ["LifelineCheck", "LifelineRules", "LifelineStore", "LifelineFormat", "LifelineSupport", "LifelineReports"]
        ),
        .testTarget(
            name: "LifelineREPLTests",
            dependencies: [
                "LifelineREPL", "LifelineStore", "LifelineFormat", "LifelineSupport", "LifelineTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LifelineCLITests",
            dependencies: [
                "LifelineCore", "LifelineFormat", "LifelineSupport", "LifelineStore", "LifelineTestSupport", "lifeline",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            // Scripts the report-schema and browser tests run (fetch and validate, drive Chromium), and the outputs
            // sqlite3 3.53 printed that the REPL is held to (ReplSqlite353Tests); not Swift sources.
            exclude: ["ReportSchemas", "Browser", "Sqlite353"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// libFuzzer targets (Fuzz/), only when LIFELINE_FUZZ is set: Fuzz/run builds them in its own
// scratch path (.build-fuzz), every module of ours with `-sanitize=fuzzer,address` (set here per
// target, not with -Xswiftc, which would reach the EmbedText plugin's tool: a build tool run during
// the build cannot be a libFuzzer binary, whose runtime supplies `main`). They live
// in this manifest, not a package of their own, so they reach `package` entry points (the REPL's
// SQL splitter, the importer on an in-memory database) without making those `public`; and
// without the variable they are not part of the package at all, so `swift build` and
// `swift test` neither build them nor need the sanitizer runtime (libFuzzer supplies `main`).
if ProcessInfo.processInfo.environment["LIFELINE_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-trace-line", ["LifelineFormat"]),
        ("fuzz-rule-parser", ["LifelineRules"]),
        ("fuzz-rule-check", ["LifelineRules", "LifelineFormat"]),
        ("fuzz-scenario", ["LifelineSimulator"]),
        ("fuzz-repl-input", ["LifelineREPL"]),
        ("fuzz-import", ["LifelineStore", .product(name: "GRDB", package: "GRDB.swift")]),
        ("fuzz-interchange", ["LifelineFormat"]),
    ]
    // libFuzzer's driver, and bytes behind a path for the targets whose code under test reads files.
    package.targets.append(.target(name: "CFuzzer", path: "Fuzz/CFuzzer"))
    package.targets.append(.target(name: "FuzzSupport", dependencies: ["CFuzzer"], path: "Fuzz/Support"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/Targets/\(target.name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])],
                linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
    let sanitized = SwiftSetting.unsafeFlags(["-sanitize=fuzzer,address"])
    for target in package.targets where [.regular, .executable].contains(target.type) && target.name != "embed-text" {
        target.swiftSettings = (target.swiftSettings ?? []) + [sanitized]
    }
}
