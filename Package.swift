// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Lifeline",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .visionOS(.v1)],
    products: [
        .library(name: "LifelineRecorder", targets: ["LifelineRecorder"]),
        .library(name: "LifelineFormat", targets: ["LifelineFormat"]),
        .library(name: "LifelineStore", targets: ["LifelineStore"]),
        .library(name: "LifelineREPL", targets: ["LifelineREPL"]),
        .executable(name: "lifeline", targets: ["lifeline"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // Layer 0: the event model and the NDJSON v1 codec. No dependencies.
        .target(name: "LifelineFormat"),
        // Layer 1: the library apps embed. Standard library, Foundation and LifelineFormat only.
        .target(name: "LifelineRecorder", dependencies: ["LifelineFormat"]),
        // Layer 2: the SQLite store (GRDB migrations), the importer, queries.
        .target(
            name: "LifelineStore",
            dependencies: [
                "LifelineFormat",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // GNU readline (libreadline-dev), through static inline accessors for its globals.
        .systemLibrary(name: "CReadline"),
        // The system SQLite for the REPL's own calls (interrupt, error offset), with a wrapper of the
        // variadic sqlite3_db_config, which Swift cannot call.
        .systemLibrary(name: "CSQLite"),
        // Layer 3: the interactive shell `lifeline repl` runs (SQL, dot-commands, timelines).
        .target(
            name: "LifelineREPL",
            dependencies: [
                "LifelineFormat", "LifelineStore", "CReadline", "CSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // An executable model of UIKit's life cycle driving instrumented delegates.
        .target(name: "LifelineSimulator", dependencies: ["LifelineFormat", "LifelineRecorder"]),
        // The thin command-line tool: one file per subcommand.
        .executableTarget(
            name: "lifeline",
            dependencies: [
                "LifelineFormat",
                "LifelineRecorder",
                "LifelineSimulator",
                "LifelineStore",
                "LifelineREPL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A real process the recorder tests kill with SIGKILL mid-recording.
        .executableTarget(
            name: "recorder-probe",
            dependencies: ["LifelineRecorder"],
            path: "Tests/RecorderProbe"
        ),
        .testTarget(
            name: "LifelineFormatTests",
            dependencies: ["LifelineFormat"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LifelineRecorderTests",
            dependencies: ["LifelineRecorder", "LifelineFormat", "recorder-probe"]
        ),
        .testTarget(
            name: "LifelineStoreTests",
            dependencies: ["LifelineStore", "LifelineFormat", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "LifelineREPLTests",
            dependencies: ["LifelineREPL", "LifelineStore", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "LifelineCLITests",
            dependencies: [
                "LifelineFormat", "LifelineStore", "lifeline", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
