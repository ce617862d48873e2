import FuzzSupport
import LifelineRules

/// libFuzzer entry point: the input is a rules file, bytes and all.
///
/// It is read the way `lifeline check --rules FILE` and the REPL's `.load` read one
/// (`RuleSet(contentsOf:)`: the first byte that is not UTF-8 is a located error),
/// so parsing never traps; a rejected file renders its diagnostics (carets and
/// suggestions included); an accepted one compiles into a checker.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRuleParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let file = MemoryFile(UnsafeBufferPointer(start: data, count: size))
    do {
        let rules = try RuleSet(contentsOf: file.path, label: "fuzz.rules")
        _ = RuleChecker(rules: rules, onFinding: { _ in })
    } catch {
        _ = error.description
    }
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_rule_parser_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzRuleParser)
}
