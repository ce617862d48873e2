// swift-tools-version: 6.0
import PackageDescription

// Benchmarks live outside the main package so `swift build` and `swift test` stay lean.
// Run: swift run -c release --package-path Benchmarks recorder-benchmark
//      swift run -c release --package-path Benchmarks import-benchmark
//      swift run -c release --package-path Benchmarks check-benchmark
//      swift run -c release --package-path Benchmarks query-benchmark
//      swift run -c release --package-path Benchmarks interchange-benchmark generate DIR   (then `time DIR --lifeline PATH`)
let package = Package(
    name: "LifelineBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Lifeline", path: "..")
    ],
    targets: [
        // Realistic generated traces shared by the benchmarks.
        .target(name: "BenchmarkSupport", dependencies: [.product(name: "LifelineFormat", package: "Lifeline")]),
        .executableTarget(
            name: "recorder-benchmark",
            dependencies: [
                .product(name: "LifelineRecorder", package: "Lifeline"),
                .product(name: "LifelineFormat", package: "Lifeline"),
            ]
        ),
        .executableTarget(
            name: "import-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "LifelineFormat", package: "Lifeline"),
                .product(name: "LifelineStore", package: "Lifeline"),
            ]
        ),
        .executableTarget(
            name: "query-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "LifelineFormat", package: "Lifeline"),
                .product(name: "LifelineStore", package: "Lifeline"),
            ]
        ),
        .executableTarget(
            name: "interchange-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "LifelineFormat", package: "Lifeline"),
            ]
        ),
        .executableTarget(
            name: "check-benchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "LifelineFormat", package: "Lifeline"),
                .product(name: "LifelineRules", package: "Lifeline"),
                .product(name: "LifelineStore", package: "Lifeline"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
