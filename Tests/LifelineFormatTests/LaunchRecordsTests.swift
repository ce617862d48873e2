import Foundation
import LifelineFormat
import LifelineTestSupport
import Testing

@Suite("The launch record's recorded callbacks")
struct LaunchRecordsTests {
    @Test("records names callbacks by any alias and reads back as a set")
    func recordsParse() throws {
        let line =
            #"{"lifeline":1,"type":"launch","records":["sceneWillEnterForeground","sceneDidBecomeActive(_:)","scene:willConnectToSession:options:"]}"#
        guard case .launch(let launch) = try TraceRecord(parsing: line) else {
            Issue.record("expected a launch record")
            return
        }
        #expect(launch.records == CallbackSet([.sceneWillEnterForeground, .sceneDidBecomeActive, .willConnectTo]))
        #expect(launch.records(.sceneDidBecomeActive))
        #expect(!launch.records(.sceneDidDisconnect))
    }

    @Test("an absent or null records field means every callback is recorded; an empty one, none")
    func absentRecords() throws {
        for line in [#"{"lifeline":1,"type":"launch"}"#, #"{"lifeline":1,"type":"launch","records":null}"#] {
            guard case .launch(let launch) = try TraceRecord(parsing: line) else {
                Issue.record("expected a launch record")
                return
            }
            #expect(launch.records == nil)
            #expect(Callback.allCases.allSatisfy(launch.records))
        }
        guard case .launch(let empty) = try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","records":[]}"#) else {
            Issue.record("expected a launch record")
            return
        }
        #expect(empty.records == CallbackSet())
        #expect(!Callback.allCases.contains(where: empty.records))
    }

    @Test(
        "a records value that is not an array of callback names is a located error",
        arguments: [
            (#"{"lifeline":1,"type":"launch","records":["sceneDidBecomeActiv"]}"#, 42, "unknown callback 'sceneDidBecomeActiv'"),
            (#"{"lifeline":1,"type":"launch","records":["sceneDidBecomeActive","db.open"]}"#, 65, "unknown callback 'db.open'"),
            (#"{"lifeline":1,"type":"launch","records":"willConnectTo"}"#, 41, "expected an array of callback names"),
            (#"{"lifeline":1,"type":"launch","records":[1]}"#, 42, "expected a callback name in quotes"),
        ])
    func badRecords(line: String, column: Int, message: String) {
        #expect {
            _ = try TraceRecord(parsing: line, lineNumber: 3)
        } throws: { error in
            guard let error = error as? TraceFormatError else { return false }
            return error.line == 3 && error.column == column && error.message.contains(message)
        }
    }

    @Test("records round-trips through the encoder in canonical names")
    func roundTrip() throws {
        let launch = LaunchRecord(launch: "L", lifecycle: .scene, records: CallbackSet([.sceneDidDisconnect, .didFinishLaunching]))
        var line: [UInt8] = []
        TraceEncoder.append(launch, to: &line)
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        #expect(text.hasSuffix(#""records":["application(_:didFinishLaunchingWithOptions:)","sceneDidDisconnect(_:)"]}"#))
        #expect(try TraceRecord(parsing: text) == .launch(launch))
    }

    @Test("excerpt round-trips through the encoder, and anything but a boolean or null is a located error")
    func excerptRoundTrip() throws {
        for value in [true, false] {
            let launch = LaunchRecord(launch: "L", records: CallbackSet([.sceneDidBecomeActive]), excerpt: value)
            var line: [UInt8] = []
            TraceEncoder.append(launch, to: &line)
            let text = String(decoding: line.dropLast(), as: UTF8.self)
            #expect(text.hasSuffix(#""excerpt":\#(value)}"#))
            #expect(try TraceRecord(parsing: text) == .launch(launch))
        }
        guard case .launch(let absent) = try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","excerpt":null}"#) else {
            Issue.record("expected a launch record")
            return
        }
        #expect(absent.excerpt == nil)
        #expect {
            _ = try TraceRecord(parsing: #"{"lifeline":1,"type":"launch","excerpt":"yes"}"#, lineNumber: 2)
        } throws: { error in
            guard let error = error as? TraceFormatError else { return false }
            return error.line == 2 && error.column == 41 && error.message.contains("expected true, false or null for \"excerpt\"")
        }
    }

    @Test("every callback fits the set's bits")
    func everyCallbackFits() {
        #expect(Callback.allCases.count <= 64)
        #expect(CallbackSet.all.count == Callback.allCases.count)
        #expect(CallbackSet.all.elements == Callback.allCases)
    }

    @Test("the validator warns about an event of a callback its launch record says the trace does not record")
    func validatorWarnsAboutUnrecordedEvents() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("contradiction.ndjson").path
        let text = """
            {"lifeline":1,"type":"launch","records":["sceneWillEnterForeground"]}
            {"seq":1,"t":0,"event":"sceneWillEnterForeground","session":"S1","scene":"0x1"}
            {"seq":2,"t":5,"event":"willConnectTo","session":"S1","scene":"0x1"}
            {"seq":3,"t":6,"event":"db.open"}
            {"lifeline":1,"type":"launch"}
            {"seq":1,"t":0,"event":"willConnectTo","session":"S1","scene":"0x1"}

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let report = try TraceValidator.validate(path: path)
        #expect(
            report.diagnostics.map { $0.in(file: "c").description } == [
                "c:3:24: warning: scene(_:willConnectTo:options:) is not among the callbacks the launch record says this trace records"
            ])
    }

    @Test("the validator reports an unknown recorded callback at its line and column")
    func validatorReportsUnknownCallback() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("partial.ndjson").path
        let text = """
            {"lifeline":1,"type":"launch","records":["sceneWillEnterForeground"]}
            {"seq":1,"t":0,"event":"sceneWillEnterForeground","session":"S1","scene":"0x1"}
            {"lifeline":1,"type":"launch","records":["sceneWillEnterForegroud"]}

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let report = try TraceValidator.validate(path: path)
        #expect(report.launches == 1)
        #expect(
            report.diagnostics.map { $0.in(file: "p").description } == [
                "p:3:42: error: unknown callback 'sceneWillEnterForegroud' in \"records\" (`lifeline callbacks` lists them)"
            ])
    }
}
