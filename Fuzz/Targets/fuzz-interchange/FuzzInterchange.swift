import FuzzSupport
import LifelineFormat

/// libFuzzer entry point: the input is a log an app wrote, or a Chrome trace.
///
/// It goes through what `lifeline import` does with a file that is not a Lifeline trace: the
/// shape is detected from its first bytes, and the input is decoded as console text, as a unified
/// log and as Chrome trace JSON, whatever the detection said. Whatever launches a decoder yields
/// must survive `lifeline export`: their Chrome trace JSON decodes again, with the same launches
/// and the same number of events in each.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterchange(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = TraceShape.detect(Array(bytes.prefix(4096)))
    for shape in [TraceShape.text, .oslog, .chrome] {
        let decoded = DecodedTrace.decode(bytes, shape: shape)
        guard decoded.fatal == nil, !decoded.launches.isEmpty else { continue }
        let exported = ChromeTraceEncoder.encode(decoded.launches)
        let again = DecodedTrace.decode(exported, shape: .chrome)
        if let fatal = again.fatal {
            fatalError("the export of what \(shape) decoded does not parse: \(fatal)\n\(String(decoding: exported, as: UTF8.self))")
        }
        let before = decoded.launches.map(\.events.count)
        let after = again.launches.map(\.events.count)
        if before != after {
            fatalError("the export of what \(shape) decoded came back with events \(after), not \(before)")
        }
    }
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_interchange_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzInterchange)
}
