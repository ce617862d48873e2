import Foundation
import LifelineFormat

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
