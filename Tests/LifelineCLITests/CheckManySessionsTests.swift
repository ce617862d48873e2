import Foundation
import Testing

/// `lifeline check` of a trace whose launches name thousands of sessions, the way real devices
/// give new windows new sessions: a `per session across launches` rule counts each session once,
/// however many launches name it, and still finds the discarded session that reconnects many
/// launches later.
@Suite("lifeline check: many sessions across launches")
struct CheckManySessionsTests {
    /// 2,000 launches, each connecting a session of its own and `S-back` again; launch 10 discards
    /// S3, which reconnects in the last launch.
    static func trace() -> (text: String, discardLine: Int, reconnectLine: Int) {
        var lines: [String] = []
        var discardLine = 0
        for launch in 0..<2_000 {
            lines.append(#"{"lifeline":1,"type":"launch","launch":"L\#(launch)","lifecycle":"scene"}"#)
            lines.append(#"{"seq":1,"t":10,"event":"didFinishLaunching"}"#)
            if launch == 10 {
                lines.append(#"{"seq":2,"t":15,"event":"didDiscardSceneSessions","attrs":{"sessions":["S3"]}}"#)
                discardLine = lines.count
            }
            lines.append(#"{"seq":3,"t":20,"event":"willConnectTo","session":"S\#(launch)","scene":"a"}"#)
            lines.append(#"{"seq":4,"t":30,"event":"willConnectTo","session":"S-back","scene":"b"}"#)
        }
        lines.append(#"{"lifeline":1,"type":"launch","launch":"last","lifecycle":"scene"}"#)
        lines.append(#"{"seq":1,"t":10,"event":"didFinishLaunching"}"#)
        lines.append(#"{"seq":2,"t":20,"event":"willConnectTo","session":"S3","scene":"a"}"#)
        return (lines.joined(separator: "\n") + "\n", discardLine, lines.count)
    }

    @Test func aRuleAcrossLaunchesCountsEachSessionOnceAndFindsTheReconnectedOne() throws {
        let directory = try LifelineCommandTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (text, discardLine, reconnectLine) = Self.trace()
        try text.write(to: directory.appendingPathComponent("many.ndjson"), atomically: true, encoding: .utf8)
        try "rule gone per session across launches: after didDiscardSceneSessions: never willConnectTo\n".write(
            to: directory.appendingPathComponent("gone.rules"), atomically: true, encoding: .utf8)
        let result = try LifelineCommandTests.run(["check", "many.ndjson", "--rules", "gone.rules"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "many.ndjson:\(reconnectLine): error[gone]: scene(_:willConnectTo:options:) for session S3 in trace many.ndjson"))
        #expect(result.stdout.contains("many.ndjson:\(discardLine)"))
        // 2,000 sessions of their own and S-back: 2,001 instances, one of them violated.
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix("gone ") }
        #expect(row?.split(separator: " ").map(String.init) == ["gone", "error", "1", "0", "2001"])
        #expect(result.stdout.contains("1 error, 0 warnings, 0 info, 0 pending"))
    }
}
