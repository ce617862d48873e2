import Foundation
import LifelineFormat
import Testing

@testable import LifelineReports

/// The names of a launch's scene lanes on the report's timeline, from what its events say about each session.
@Suite("scene lane names")
struct SceneLaneNamesTests {
    static let application: Attributes = ["role": "UIWindowSceneSessionRoleApplication"]

    @Test func sessionsOfOneRoleAreNumberedInTheOrderTheyAppear() {
        var names = SceneLaneNames()
        names.note(session: "S1", attrs: Self.application)
        names.note(session: "S2", attrs: [:])
        names.note(session: "S2", attrs: Self.application)
        names.note(session: "S1", attrs: ["role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive"])
        names.note(session: "S3", attrs: ["role": "UIWindowSceneSessionRoleExternalDisplayNonInteractive"])
        #expect(names.lanes.map(\.session) == ["S1", "S2", "S3"])
        // The first role a session's events give stands; the one external display is not numbered.
        #expect(names.lanes.map(\.name) == ["window 1", "window 2", "external display"])
        #expect(names.lanes[0].facts.role == "UIWindowSceneSessionRoleApplication")
    }

    @Test func aSessionTheEventsSayNothingAboutHasNoNameAndDoesNotCount() {
        var names = SceneLaneNames()
        names.note(session: "9C0E2F6A-5B1D-4C3E-8F7A-2D6B9E1C4A30", attrs: ["state": "inactive"])
        names.note(session: "S2", attrs: Self.application)
        #expect(names.lanes.map(\.name) == [nil, "window"])
    }

    @Test func titleOrActivityConfigurationAndRestorationQualifyTheName() {
        var names = SceneLaneNames()
        names.note(
            session: "A", attrs: Self.application.merging(["configuration": "Default Configuration"]) { $1 })
        names.note(
            session: "B",
            attrs: Self.application.merging(["activityType": "com.example.notes.compose", "restored": true]) { $1 })
        names.note(session: "C", attrs: ["title": "Groceries", "activityType": "com.example.notes.open"])
        names.note(session: "D", attrs: ["role": "CPTemplateApplicationSceneSessionRoleApplication"])
        names.note(session: "E", attrs: ["role": "MyVendorSessionRole"])
        #expect(
            names.lanes.map(\.name) == [
                "window 1 (Default Configuration)", "window 2: compose (restored)", "scene: Groceries", "CarPlay",
                "MyVendorSessionRole",
            ])
    }

    @Test func aValueFromTheTraceIsCutShortAndBlankOnesAreIgnored() throws {
        var names = SceneLaneNames()
        names.note(session: "S1", attrs: ["role": "  ", "title": .string(String(repeating: "x", count: 500)), "configuration": .int(3)])
        let name = try #require(names.lanes.first?.name)
        #expect(name == "scene: " + String(repeating: "x", count: SceneLaneNames.valueLimit - 1) + "…")
        #expect(names.lanes.first?.facts.role == nil)
        names.note(session: "S2", attrs: ["role": .string(String(repeating: "r", count: 500))])
        #expect(names.lanes.last?.name?.count == SceneLaneNames.valueLimit)
        #expect(names.lanes.last?.facts.role?.count == SceneLaneNames.roleLimit)
    }

    @Test func theLaunchDataNamesTheSessionsItKnowsByTheirStringIndex() throws {
        let collector = TimelineCollector()
        collector.beginLaunch(LaunchRecord(launch: "L1", lifecycle: .scene), file: "a.ndjson", line: 1)
        collector.add(
            EventRecord(seq: 1, t: 0, event: EventName(.configurationForConnecting), session: "S1", attrs: Self.application),
            file: "a.ndjson", line: 2)
        collector.add(EventRecord(seq: 2, t: 5, event: EventName(.willConnectTo), session: "S9", scene: "0x1"), file: "a.ndjson", line: 3)
        let json = try #require(collector.finish().launches.first?.json.text)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let strings = try #require(data["s"] as? [String])
        let named = try #require(data["n"] as? [[Any]])
        #expect(named.count == 1, "S9 says nothing about itself: \(named)")
        #expect(strings[try #require(named[0][0] as? Int)] == "S1")
        #expect(named[0][1] as? String == "window")
        #expect(named[0][2] as? String == "UIWindowSceneSessionRoleApplication")
    }
}
