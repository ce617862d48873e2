import Foundation
import LifelineFormat
import Testing

@Suite("Input shape detection")
struct TraceShapeTests {
    @Test(arguments: [
        (#"{"lifeline":1,"type":"launch","launch":"L1"}"# + "\n", TraceShape.native),
        (#"{"seq":1,"t":0,"event":"didFinishLaunching"}"# + "\n", .native),
        ("\u{FEFF}" + #"{"lifeline":1,"type":"launch"}"#, .native),
        (#"{"displayTimeUnit":"ns","traceEvents":[{"ph":"X","ts":1,"dur":2,"pid":1,"tid":1,"name":"a"}]}"#, .chrome),
        (#"[{"name":"a","ph":"B","ts":1,"pid":1,"tid":1},"#, .chrome),
        (#"{"name":"a","ph":"i","ts":1,"pid":1}"# + "\n", .chrome),
        (#"{"traceID":1,"eventMessage":"x","eventType":"logEvent","machTimestamp":1}"# + "\n", .oslog),
        ("Filtering the log data using \"subsystem == \\\"com.example\\\"\"\n" + #"{"eventType":"logEvent"}"# + "\n", .oslog),
        ("[{\n  \"traceID\" : 1,\n  \"eventMessage\" : \"x\",\n  \"eventType\" : \"logEvent\"\n}]", .oslog),
        ("application(_:didFinishLaunchingWithOptions:)\n", .text),
        ("2026-11-21 10:00:00.123456+0900 Notes[4711:123456] SceneDelegate - sceneDidBecomeActive(_:)\n", .text),
        ("", .native),
    ])
    func theShapeIsDecidedByContent(_ text: String, _ shape: TraceShape) {
        #expect(TraceShape.detect(Array(text.utf8)) == shape)
    }
}

@Suite("Input shape detection: console lines that start with '['")
struct TraceShapeBracketTests {
    static let realLogs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/real-logs")

    /// Console text whose first character is `[`: iOS's own tagged lines, a logger's tag, Flutter's
    /// elapsed-time column (synthetic lines in the shapes the fixtures show; the real files below).
    @Test(arguments: [
        "[SceneConfiguration] Info.plist configuration \"Default Configuration\" for UIWindowSceneSessionRoleApplication contained UISceneDelegateClassName key\n",
        "[Networking] request finished in 212 ms\nSceneDelegate - sceneDidBecomeActive(_:)\n",
        "[AppDelegate] applicationDidBecomeActive(_:)\n",
        "[ +350 ms] flutter: AppLifecycleState.inactive\n",
        "[        ] For a more detailed help message, press \"h\".\n",
        "[1, 2] are the pages\n",
        "[x]",
        "[12:34:56.789] sceneDidBecomeActive\n",
        "[tag] message\n",
        "{not json} sceneDidBecomeActive\n",
    ])
    func aBracketLedLineThatIsNotJSONIsConsoleText(_ text: String) {
        #expect(TraceShape.detect(Array(text.utf8)) == .text)
    }

    @Test(arguments: ["10-flutter-run-verbose-lifecycle.txt", "11-flutter-device-log-background-relaunch.txt"])
    func theRealFlutterLogsAreConsoleText(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.realLogs.appendingPathComponent(name)))
        #expect(bytes.first == UInt8(ascii: "["))
        #expect(TraceShape.detect(bytes) == .text)
    }

    /// JSON is still JSON: an empty array, a pretty-printed `log show --style json` document, a Chrome
    /// array left unclosed, and a value longer than the 64 KiB window, cut inside a string.
    @Test func jsonThatParsesIsJSON() {
        #expect(TraceShape.detect(Array("[]\n".utf8)) == .chrome)
        #expect(
            TraceShape.detect(Array("[\n  {\n    \"eventType\" : \"logEvent\",\n    \"eventMessage\" : \"x\"\n  }\n]\n".utf8)) == .oslog)
        #expect(TraceShape.detect(Array(#"[{"name":"a","ph":"B","ts":1,"pid":1,"tid":1},"#.utf8)) == .chrome)
        let long = #"{"lifeline":1,"type":"launch","app":""# + String(repeating: "x", count: TraceShape.detectionPrefix)
        #expect(TraceShape.detect(Array(long.utf8.prefix(TraceShape.detectionPrefix))) == .native)
        let array = "[" + String(repeating: #"{"name":"a","ph":"i","ts":1,"pid":1,"tid":1},"#, count: 2000)
        #expect(TraceShape.detect(Array(array.utf8.prefix(TraceShape.detectionPrefix))) == .chrome)
        // JSON that starts as only JSON does and breaks later is JSON, whose error the decoder locates.
        #expect(TraceShape.detect(Array(#"{"lifeline":1,"app":"Not"#.utf8)) == .native)
        #expect(TraceShape.detect(Array("{\"traceEvents\":[\n{\"ph\":\"i\",}\n]}\n".utf8)) == .chrome)
        #expect(TraceShape.detect(Array(#"[{"ph":"i","pid":1,"ts":1}, oops"#.utf8)) == .chrome)
    }
}
