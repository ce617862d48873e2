import FuzzSupport
import LifelineRules

/// libFuzzer entry point: the input is a rules file.
///
/// Parsing never traps; a rejected file renders its diagnostics (carets and
/// suggestions included); an accepted one compiles into a checker.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let rules = try RuleSet(parsing: text, file: "fuzz.rules")
        _ = RuleChecker(rules: rules, onFinding: { _ in })
    } catch {
        _ = error.rendered
        _ = error.description
    }
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_rule_parser_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzRuleParser)
}
