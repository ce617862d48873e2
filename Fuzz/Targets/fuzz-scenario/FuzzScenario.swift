import Foundation
import FuzzSupport
import LifelineSimulator

/// Where simulated traces go: one file per fuzzing process, in the temporary directory.
let tracePath = NSTemporaryDirectory() + "lifeline-fuzz-scenario-\(getpid()).ndjson"

/// libFuzzer entry point: the input is a scenario script.
///
/// Parsing never traps; a script that parses prints in its canonical spelling,
/// which parses to the same commands; a short one (at most 64 steps, so one
/// input stays fast) is also simulated, where a step the model cannot perform is
/// a located error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let scenario: Scenario
    do {
        scenario = try Scenario(parsing: text, file: "fuzz.scenario")
    } catch {
        _ = error.description
        return 0
    }
    let canonical = scenario.commandLine
    do {
        let reparsed = try Scenario(parsing: canonical, file: "canonical.scenario")
        if reparsed.steps.map(\.command) != scenario.steps.map(\.command) {
            fatalError("the canonical spelling parses to other commands:\n  \(canonical)\n  \(reparsed.commandLine)")
        }
    } catch {
        fatalError("the canonical spelling does not parse: \(error)\n  \(canonical)")
    }
    guard scenario.steps.count <= 64 else { return 0 }
    defer { unlink(tracePath) }
    _ = try? Simulator(seed: 1).run(scenario, writingTo: tracePath)
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_scenario_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzScenario)
}
