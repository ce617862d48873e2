import Foundation
import FuzzSupport
import LifelineFormat

/// libFuzzer entry point: the input is a trace file.
///
/// It goes through the path `lifeline validate` takes (the streaming line reader
/// with a small chunk, so lines straddle chunk boundaries; the scanner; the order
/// checker), and every line the scanner accepts becomes an owned record that must
/// survive encoding: decode, encode, decode gives the same record.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let file = MemoryFile(UnsafeBufferPointer(start: data, count: size))
    var reader = TraceLineReader(descriptor: file.descriptor, path: "fuzz.ndjson", chunkSize: 64)
    var scanner = TraceLineScanner()
    var order = TraceOrderChecker()
    reader.forEachLine { bytes, number, _ in
        if TraceLineScanner.isBlank(bytes) { return true }
        guard let scanned = try? scanner.scan(bytes, lineNumber: number) else { return true }
        switch scanned.kind {
        case .launch: order.beginLaunch(part: scanned.part)
        case .event: _ = order.check(scanned, bytes: bytes, scanner: scanner, line: number)
        }
        let record = TraceRecord(scanned, line: bytes, scanner: scanner)
        var encoded: [UInt8] = []
        TraceEncoder.append(record, to: &encoded)
        let text = String(decoding: encoded, as: UTF8.self).trimmingCharacters(in: .newlines)
        do {
            let decoded = try TraceRecord(parsing: text, lineNumber: number)
            if decoded != record {
                fatalError("round trip changed line \(number):\n  \(record)\n  \(decoded)\n  \(text)")
            }
        } catch {
            fatalError("the encoding of line \(number) does not parse: \(error)\n  \(text)")
        }
        return true
    }
    _ = try? reader.checkReadError()
    return 0
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_trace_line_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runLibFuzzer(argc, argv, fuzzTraceLine)
}
