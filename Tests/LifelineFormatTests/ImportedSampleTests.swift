import Foundation
import LifelineFormat
import LifelineTestSupport
import Testing

/// Golden tests of the samples in traces/imported/: each decodes to the events in
/// Tests/LifelineFormatTests/Fixtures/imported/NAME.golden, which a person can read:
///
/// ```
/// shape text, 4 skipped, 0 malformed
/// launch at line 1, names sessions: true
///   {"lifeline":1,"type":"launch",...}
///   line 1: {"seq":1,"t":0,"event":"application(_:didFinishLaunchingWithOptions:)"}
/// ```
///
/// A difference fails and leaves the new output for `update-goldens` (``Golden``).
@Suite("Imported samples")
struct ImportedSampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The sample, its expected shape, and the options it is imported with (traces/imported/README.md).
    static let samples: [(name: String, shape: TraceShape, pattern: String?)] = [
        ("xcode-console.txt", .text, nil),
        ("device-log.txt", .text, nil),
        ("objc-console.txt", .text, nil),
        ("simctl-console.txt", .text, nil),
        ("custom-logger.txt", .text, customLoggerPattern),
        ("log-stream.txt", .oslog, nil),
        ("log-show.json", .oslog, nil),
        ("other-tool.json", .chrome, nil),
    ]

    static let customLoggerPattern =
        #"^\+(?<time>[0-9.]+)s (?<thread>\S+) \S+ lifecycle (?<event>\S+) session=(?<session>\S+) scene=(?<scene>\S+)"#

    static func rendered(_ decoded: DecodedTrace) -> String {
        var text = "shape \(decoded.shape.rawValue), \(decoded.ignored) skipped, \(decoded.malformed) malformed\n"
        for diagnostic in decoded.diagnostics { text += "diagnostic \(diagnostic)\n" }
        for launch in decoded.launches {
            text += "launch at line \(launch.line), names sessions: \(launch.namesSessions)\n"
            var line: [UInt8] = []
            TraceEncoder.append(launch.record, to: &line)
            text += "  " + String(decoding: line, as: UTF8.self)
            for (index, (event, number)) in zip(launch.events, launch.lines).enumerated() {
                line = []
                TraceEncoder.append(event, to: &line)
                let merged = launch.mergedLines[index].map { " (and \($0.map(String.init).joined(separator: ", ")))" } ?? ""
                text += "  line \(number)\(merged): " + String(decoding: line, as: UTF8.self)
            }
        }
        return text
    }

    @Test(arguments: samples.map(\.name))
    func eachSampleDecodesToItsGolden(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let bytes = Array(try Data(contentsOf: Self.repository.appendingPathComponent("traces/imported/\(name)")))
        let detected = TraceShape.detect(Array(bytes.prefix(65_536)))
        #expect(detected == sample.shape)
        var options = InterchangeOptions()
        if let pattern = sample.pattern { options.pattern = try ConsoleTextPattern(pattern) }
        let decoded = DecodedTrace.decode(bytes, shape: sample.shape, options: options)
        #expect(decoded.fatal == nil)
        #expect(!decoded.launches.isEmpty)
        let mismatch = Golden.compare(Self.rendered(decoded), with: "Tests/LifelineFormatTests/Fixtures/imported/\(name).golden")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func everySampleInTheDirectoryHasAGolden() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("traces/imported").path
        ).filter { $0 != "README.md" }
        #expect(Set(names) == Set(Self.samples.map(\.name)))
    }
}
