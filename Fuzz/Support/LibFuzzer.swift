import CFuzzer

/// Runs libFuzzer's driver (command-line options, corpus, mutations) over `body`.
///
/// Called from each target's `<module>_main`, the symbol SwiftPM makes the program's
/// entry point (see CFuzzer.h):
///
/// ```swift
/// @_cdecl("fuzz_scenario_main")
/// func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
///     runLibFuzzer(argc, argv, fuzzScenario)
/// }
/// ```
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return LLVMFuzzerRunDriver(&count, &arguments, body)
}
