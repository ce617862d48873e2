import Foundation
import Testing

@testable import LifelineFormat

/// The line-at-a-time decoder of console text and unified logs, as `lifeline watch` drives it.
@Suite("decoding a log a line at a time")
struct InterchangeLineDecoderTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Feeds `bytes` a line at a time, taking the closed launches after each line; returns them
    /// with the rest `finish` gives, and the line each launch was closed by.
    static func decodeLines(_ bytes: [UInt8], shape: TraceShape) -> (launches: [InterchangeLaunch], closedBy: [Int], rest: DecodedTrace) {
        var decoder = InterchangeLineDecoder(shape: shape)
        var launches: [InterchangeLaunch] = []
        var closedBy: [Int] = []
        var diagnostics: [Diagnostic] = []
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index < lines.count - 1 || !line.isEmpty {
            decoder.add(line, number: index + 1)
            for launch in decoder.takeClosed() {
                launches.append(launch)
                closedBy.append(index + 1)
            }
            diagnostics += decoder.takeDiagnostics()
        }
        var rest = decoder.finish(lineCount: lines.count)
        launches += rest.launches
        rest.diagnostics = diagnostics + decoder.takeDiagnostics()
        return (launches, closedBy, rest)
    }

    @Test func everyLineByLineSampleDecodesAsTheWholeFileDoes() throws {
        for name in ["xcode-console.txt", "device-log.txt", "objc-console.txt", "simctl-console.txt", "log-stream.txt"] {
            let bytes = Array(try Data(contentsOf: Self.repository.appendingPathComponent("traces/imported/\(name)")))
            let shape = TraceShape.detect(Array(bytes.prefix(65_536)))
            let whole = DecodedTrace.decode(bytes, shape: shape)
            let lines = Self.decodeLines(bytes, shape: shape)
            #expect(!whole.launches.isEmpty, "\(name)")
            #expect(lines.launches == whole.launches, "\(name)")
            #expect(lines.rest.ignored == whole.ignored, "\(name)")
            #expect(lines.rest.malformed == whole.malformed, "\(name)")
            #expect(lines.rest.diagnostics == whole.diagnostics, "\(name)")
        }
    }

    @Test func aNewPidClosesTheLaunchOnItsOwnLineAndTheOpenLaunchGrowsLineByLine() {
        var decoder = InterchangeLineDecoder(shape: .text)
        let log = [
            "2026-11-21 10:00:00.000000+0900 Notes[100:1] application(_:didFinishLaunchingWithOptions:)",
            "2026-11-21 10:00:00.100000+0900 Notes[100:1] SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: 0x1>",
            "2026-11-21 10:00:00.200000+0900 Notes[100:1] some noise",
            "2026-11-21 10:00:01.000000+0900 Notes[200:1] application(_:didFinishLaunchingWithOptions:)",
        ]
        decoder.add(Array(log[0].utf8)[...], number: 1)
        decoder.add(Array(log[1].utf8)[...], number: 2)
        #expect(decoder.takeClosed().isEmpty)
        #expect(decoder.current?.events.map(\.event.callback) == [.didFinishLaunching, .sceneDidBecomeActive])
        #expect(decoder.current?.record.lifecycle == nil, "the life cycle is settled when the launch closes")
        decoder.add(Array(log[2].utf8)[...], number: 3)
        #expect(decoder.current?.events.count == 2)
        #expect(decoder.ignored == 1)
        decoder.add(Array(log[3].utf8)[...], number: 4)
        let closed = decoder.takeClosed()
        #expect(closed.map(\.record.pid) == [100])
        #expect(closed.first?.record.lifecycle == .scene)
        #expect(closed.first?.lines == [1, 2])
        #expect(decoder.current?.record.pid == 200)
        #expect(decoder.current?.line == 4)
        #expect(decoder.finish(lineCount: 4).launches.map(\.record.pid) == [200])
    }
}
