import ArgumentParser
import Foundation
import LifelineSimulator

/// `lifeline demo`: records a sample trace with the real recorder and shows it.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record a sample lifecycle trace with the real recorder and print it.")

    @Option(name: [.short, .long], help: "Directory to write the sample trace into.")
    var output = "traces/demo"

    func run() throws {
        let url = try SampleLaunch.record(into: URL(fileURLWithPath: output))
        print(try String(contentsOf: url, encoding: .utf8), terminator: "")
        let shown = (output.hasSuffix("/") ? output : output + "/") + url.lastPathComponent
        print("\nwrote \(shown)")
        print("next: lifeline validate \(shown)")
    }
}
