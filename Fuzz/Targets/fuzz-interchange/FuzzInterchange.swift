import FuzzSupport
import LifelineFormat

/// libFuzzer entry point: the input is a log an app wrote, or a Chrome trace.
///
/// It goes through what `lifeline import` does with a file that is not a Lifeline trace: the
/// shape is detected from its first bytes, and the input is decoded as console text, as a unified
/// log and as Chrome trace JSON, whatever the detection said. Whatever launches a decoder yields
/// must survive `lifeline export`: their Chrome trace JSON decodes again, with the same launches
/// and the same number of events in each. The JSON reader's fast paths (skipping a value, selecting
/// an object's members) must agree with building the value: the same members, or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInterchange(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkReaderAgreement(bytes)
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

/// Reads `bytes` as one JSON value three ways and stops the run if they disagree.
func checkReaderAgreement(_ bytes: [UInt8]) {
    func finish(_ reader: inout JSONReader) throws(TraceFormatError) {
        guard reader.atEnd() else {
            throw TraceFormatError(
                .syntax, "unexpected text after the JSON value", line: reader.location.line, column: reader.location.column)
        }
    }
    var built: JSONValue?
    var builtError: TraceFormatError?
    do throws(TraceFormatError) {
        var reader = JSONReader(bytes)
        built = try reader.read()
    } catch {
        builtError = error
    }
    var skipError: TraceFormatError?
    do throws(TraceFormatError) {
        var reader = JSONReader(bytes)
        try reader.skipValue()
        try finish(&reader)
    } catch {
        skipError = error
    }
    if skipError != builtError {
        fatalError("skipping and building disagree: \(String(describing: skipError)) against \(String(describing: builtError))")
    }
    var probe = JSONReader(bytes)
    guard probe.peek() == UInt8(ascii: "{") else { return }
    let keys = ["eventType", "eventMessage", "timestamp", "processID", "traceEvents", "ph", "args", "a"]
    var spans: [JSONSpan?] = []
    var reader = JSONReader(bytes)
    do throws(TraceFormatError) {
        try reader.readObject(selecting: keys.map { Array($0.utf8) }, into: &spans)
        try finish(&reader)
    } catch {
        if error != builtError {
            fatalError("selecting and building disagree: \(error) against \(String(describing: builtError))")
        }
        return
    }
    guard let object = built?.object else { fatalError("selecting read what building refused: \(String(describing: builtError))") }
    for (key, span) in zip(keys, spans) where span.flatMap(reader.value(in:)) != object[key] {
        fatalError("the member \(key) selected is not the member built")
    }
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_interchange_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzInterchange)
}
