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
