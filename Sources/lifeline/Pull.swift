import ArgumentParser
import LifelineCheck

/// `lifeline pull --simulator`: the recorder's trace files out of a simulator app's data container.
struct Pull: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy an app's trace files out of a simulator.",
        discussion: """
            Asks Xcode where the app's data container is (xcrun simctl get_app_container), finds the Lifeline \
            traces in it (*.ndjson and *.jsonl files that start with a launch record, wherever the recorder \
            writes) and copies each to DIR under the same relative path; files already there with the same \
            bytes are left alone. Needs a Mac with Xcode's command-line tools. Then: lifeline check DIR \
            (docs/ci.md). Exit status: 0 copied (or all up to date), 2 on a usage or input error (no xcrun, no \
            booted simulator, the app not installed, no traces).
            """)

    @Option(name: .customLong("simulator"), help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle-id"))
    var bundleID: String

    @Option(name: .customLong("device-id"), help: ArgumentHelp("The simulator's UDID (default: the booted one).", valueName: "udid"))
    var deviceID: String?

    @Option(name: [.short, .long], help: ArgumentHelp("Where to copy the traces (default: traces/BUNDLE-ID).", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Search only this directory of the container (e.g. tmp/lifeline).", valueName: "path"))
    var path: String?

    func run() throws {
        let destination = output ?? "traces/\(bundleID)"
        let pull = SimulatorPull(bundleID: bundleID, device: deviceID, destination: destination, subpath: path)
        let result: SimulatorPull.Result
        do {
            result = try pull.run()
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        for file in result.copied { print("\(destination)/\(file.path) (\(file.bytes) bytes)") }
        let bytes = result.copied.reduce(0) { $0 + $1.bytes }
        var line = "pulled \(result.copied.count) trace file\(result.copied.count == 1 ? "" : "s") (\(bytes) bytes) "
        line += "of \(bundleID) into \(destination)"
        if !result.unchanged.isEmpty { line += "; \(result.unchanged.count) already there" }
        print(line)
        print("next: lifeline check \(destination)")
    }
}
