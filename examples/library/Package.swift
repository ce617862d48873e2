// swift-tools-version: 6.0
import PackageDescription

// Lifeline's libraries as another tool uses them: a package of its own that depends on Lifeline by
// path, so it sees only what the libraries promise (public API, no `package` declarations, no SPI).
// `.ci/run` builds it and runs each example on the sample traces, so the code docs/libraries.md
// shows compiles and works.
//
//   swift run --package-path examples/library --scratch-path .build/library-examples record-launch OUT.ndjson
//   swift run --package-path examples/library --scratch-path .build/library-examples check-traces traces/bug-wrong-order.ndjson
//   swift run --package-path examples/library --scratch-path .build/library-examples summarize-store traces/*.ndjson
let package = Package(
    name: "LifelineLibraryExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Lifeline", path: "../..")
    ],
    targets: [
        // LifelineRecorder (with LifelineCore): record a launch's callbacks and app events to a trace file.
        .executableTarget(name: "record-launch", dependencies: [.product(name: "LifelineRecorder", package: "Lifeline")]),
        // LifelineFormat and LifelineRules: validate trace files and check them against the built-in catalogs.
        .executableTarget(
            name: "check-traces",
            dependencies: [
                .product(name: "LifelineFormat", package: "Lifeline"), .product(name: "LifelineRules", package: "Lifeline"),
            ]),
        // LifelineStore: import traces into a database and read every record back in trace order.
        .executableTarget(
            name: "summarize-store",
            dependencies: [
                .product(name: "LifelineFormat", package: "Lifeline"), .product(name: "LifelineStore", package: "Lifeline"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
