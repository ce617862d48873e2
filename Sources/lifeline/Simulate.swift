import ArgumentParser
import Foundation
import LifelineFormat
import LifelineSimulator
import LifelineSupport

/// `lifeline simulate`: plays a scenario script against the UIKit life-cycle model.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a scenario script against a model of UIKit's life cycle and record the trace.",
        discussion: """
            The model calls a sample app's delegates, which record with the real recorder. The same script and \
            seed always give the same bytes. Scripts are described in docs/scenarios.md. Exits 0 when the trace \
            was written, 2 on a usage or input error: a script error (located), a file that cannot be read or \
            written (docs/rules.md#exit-status).
            """)

    @Argument(help: "The scenario script, or - for standard input.")
    var scenario: String

    @Option(help: "Seed for the timings, launch ids and scene addresses.")
    var seed: UInt64 = 1

    @Option(name: [.short, .long], help: "The trace file to write (replaced if it exists).")
    var output: String

    func run() throws {
        let text: String
        if scenario == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            let bytes: [UInt8]
            do throws(InputFileError) {
                bytes = try InputFile.contents(of: scenario)
            } catch {
                printError(Diagnostic(.error, file: scenario, "cannot read the scenario: \(error.description)").description)
                throw ExitCode(2)
            }
            guard let decoded = String(bytes: bytes, encoding: .utf8) else {
                printError(Diagnostic(.error, file: scenario, "cannot read the scenario: it is not UTF-8 text").description)
                throw ExitCode(2)
            }
            text = decoded
        }
        do {
            let parsed = try Scenario(parsing: text, file: scenario == "-" ? "<stdin>" : scenario)
            print("wrote " + (try Simulator(seed: seed).run(parsed, writingTo: output)).line)
        } catch let error as ScenarioError {
            printError(error.description)
            throw ExitCode(2)
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}
