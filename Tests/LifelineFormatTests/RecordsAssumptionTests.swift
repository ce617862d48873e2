import Foundation
import LifelineFormat
import Testing

/// What a log's launch is taken to record beyond what it shows (docs/interchange.md#recorded-callbacks).
@Suite("Recorded callbacks of a log")
struct RecordsAssumptionTests {
    static func launch(_ lines: [String]) throws -> InterchangeLaunch {
        try #require(ConsoleTextDecoder.decode(Array((lines.joined(separator: "\n") + "\n").utf8)).launches.first)
    }

    @Test func twoOfTheSceneDelegatesStateMethodsRecordThemAll() throws {
        let launch = try Self.launch(["sceneWillEnterForeground(_:) <UIWindowScene: 0x1>", "sceneDidBecomeActive(_:) <UIWindowScene: 0x1>"])
        let assumption = try #require(launch.recordsAssumption(declaring: nil, shape: .text))
        #expect(assumption.assumed == CallbackSet([.sceneWillResignActive, .sceneDidEnterBackground, .sceneDidDisconnect]))
        #expect(
            assumption.description
                == "the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive), so it records "
                + "sceneWillResignActive, sceneDidEnterBackground, sceneDidDisconnect too (--records overrides)")
        let records = try #require(launch.checkedRecord(declaring: nil, shape: .text).records)
        #expect(records.contains(.sceneWillResignActive) && records.contains(.sceneDidBecomeActive))
        // Neither willConnectTo nor the launch callbacks nor the handlers come with them.
        #expect(!records.contains(.willConnectTo) && !records.contains(.didFinishLaunching) && !records.contains(.sceneOpenURLContexts))
    }

    @Test func theAppDelegatesStateMethodsBringApplicationWillTerminate() throws {
        let launch = try Self.launch(["-[AppDelegate applicationWillResignActive:]", "-[AppDelegate applicationDidEnterBackground:]"])
        let assumed = try #require(launch.recordsAssumption(declaring: nil, shape: .text)).assumed
        #expect(assumed == CallbackSet([.applicationWillEnterForeground, .applicationDidBecomeActive, .applicationWillTerminate]))
    }

    /// Fixture 01: Coffup logs only applicationDidBecomeActive (twice) beside didFinishLaunching.
    @Test func oneStateMethodAloneIsNotEvidence() throws {
        let bytes = Array(
            try Data(contentsOf: ConsoleLineShapeTests.realLogs.appendingPathComponent("01-coffup-objc-nslog-background-return.txt")))
        let launch = try #require(ConsoleTextDecoder.decode(bytes).launches.first)
        #expect(launch.recordsAssumption(declaring: nil, shape: .text) == nil)
        #expect(
            launch.checkedRecord(declaring: nil, shape: .text).records == CallbackSet([.didFinishLaunching, .applicationDidBecomeActive]))
    }

    @Test func recordsThatAreDeclaredOrSaidAreNotAssumed() throws {
        let launch = try Self.launch(["sceneWillEnterForeground(_:)", "sceneDidBecomeActive(_:)"])
        let declared = CallbackSet([.sceneDidBecomeActive])
        #expect(launch.recordsAssumption(declaring: declared, shape: .text) == nil)
        #expect(launch.checkedRecord(declaring: declared, shape: .text).records == declared)
        #expect(launch.recordsAssumption(declaring: nil, shape: .chrome) == nil)
        var said = launch
        said.record.records = CallbackSet([.sceneWillEnterForeground, .sceneDidBecomeActive])
        #expect(said.recordsAssumption(declaring: nil, shape: .text) == nil)
    }
}
