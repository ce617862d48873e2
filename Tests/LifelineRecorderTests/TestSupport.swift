import Foundation
import LifelineFormat

/// The directory holding the built products (the test bundle sits beside them).
var productsDirectory: URL {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    fatalError("no .xctest bundle")
    #else
    return Bundle.main.bundleURL
    #endif
}

/// Every line of a trace file, parsed strictly: any invalid terminated line fails the caller.
struct ParsedTrace {
    var launches: [LaunchRecord] = []
    var events: [EventRecord] = []
    var errors: [TraceFormatError] = []
    var unterminated = false

    init(path: String) throws {
        let file = try TraceFile(contentsOf: path)
        errors = file.errors
        unterminated = file.hasUnterminatedLastLine
        for record in file.records {
            switch record {
            case .launch(let launch): launches.append(launch)
            case .event(let event): events.append(event)
            }
        }
    }
}
