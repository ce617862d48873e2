import Foundation
import FuzzSupport
import LifelineFormat
import LifelineRules

/// A small scene-based trace the rules are checked against when the input brings none:
/// a launch, a scene session that connects, activates, goes to the background and is
/// discarded, with app events, attributes and a second launch of the same trace.
let fixedTrace = """
    {"lifeline":1,"type":"launch","launch":"L1","pid":41,"app":"com.example.notes","platform":"iOS","os":"17.4","device":"iPhone15,2","lifecycle":"scene","started":"2026-03-01T09:00:00Z"}
    {"seq":1,"t":1000,"event":"willFinishLaunching","phase":"begin","thread":"main"}
    {"seq":2,"t":2000,"event":"willFinishLaunching","phase":"end","thread":"main"}
    {"seq":3,"t":3000,"event":"didFinishLaunching","phase":"begin","thread":"main"}
    {"seq":4,"t":90000000,"event":"didFinishLaunching","phase":"end","thread":"main"}
    {"seq":5,"t":90001000,"event":"willConnectTo","session":"S1","scene":"A","attrs":{"role":"windowApplication","restored":false}}
    {"seq":6,"t":90002000,"event":"sceneWillEnterForeground","session":"S1","scene":"A"}
    {"seq":7,"t":90003000,"event":"sceneDidBecomeActive","session":"S1","scene":"A"}
    {"seq":8,"t":95000000,"event":"app.note.save","phase":"begin","session":"S1","attrs":{"bytes":2048,"ok":true,"ratio":0.5}}
    {"seq":9,"t":2095000000,"event":"app.note.save","phase":"end","session":"S1"}
    {"seq":10,"t":3000000000,"event":"sceneWillResignActive","session":"S1","scene":"A"}
    {"seq":11,"t":3000100000,"event":"sceneDidEnterBackground","session":"S1","scene":"A"}
    {"seq":12,"t":3000200000,"event":"app.ui.update","thread":"main"}
    {"seq":13,"t":9000000000,"event":"sceneDidDisconnect","session":"S1","scene":"A"}
    {"seq":14,"t":9000100000,"event":"didDiscardSceneSessions","attrs":{"sessions":["S1"]}}
    {"lifeline":1,"type":"launch","launch":"L2","pid":42,"app":"com.example.notes","lifecycle":"scene","started":"2026-03-01T10:00:00Z"}
    {"seq":1,"t":500,"event":"didFinishLaunching","phase":"begin"}
    {"seq":2,"t":700,"event":"didFinishLaunching","phase":"end"}
    {"seq":3,"t":900,"event":"applicationWillTerminate"}

    """

/// libFuzzer entry point: rules, then what they are checked against.
///
/// The input is a rules file, optionally followed by a line `---` and a trace.
/// Without the trace part the rules are checked against ``fixedTrace``. Rules
/// that parse are checked the way `lifeline check` does (streaming from a file,
/// through the scanned-line fast path), and every finding is explained.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleCheck(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let separator = Array("\n---\n".utf8)
    var rulesBytes = bytes[...]
    var traceBytes = ArraySlice(fixedTrace.utf8)
    if let split = bytes.firstRange(of: separator) {
        rulesBytes = bytes[..<split.lowerBound]
        traceBytes = ArraySlice(bytes[split.upperBound...])
    }
    let rules: RuleSet
    do {
        rules = try RuleSet(parsing: String(decoding: rulesBytes, as: UTF8.self), file: "fuzz.rules")
    } catch {
        return 0
    }
    var findings: [Finding] = []
    let checker = RuleChecker(rules: rules, onFinding: { findings.append($0) })
    let file = MemoryFile(traceBytes)
    _ = try? checker.check(file: file.path, label: "fuzz.ndjson")
    let summary = checker.finish()
    for finding in findings {
        _ = finding.headline
        _ = finding.explained
    }
    _ = summary
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_rule_check_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzRuleCheck)
}
