import LifelineFormat
import LifelineSimulator
import Testing

/// Faults are bugs in the sample app's delegates; the recorder records what they do.
@Suite("Fault injection")
struct FaultTests {
    @Test("ui-in-didfinish: the window is built inside didFinishLaunching, before any scene, even in a background launch")
    func uiInDidFinish() throws {
        let trace = try SimulatedTrace("fault ui-in-didfinish; launch cold; kill; launch background push")
        for launch in 1...2 {
            let events = trace.events(ofLaunch: launch)
            let names = events.map(\.event.name)
            let finishBegin = names.firstIndex(of: Callback.didFinishLaunching.name)!
            let finishEnd = names.lastIndex(of: Callback.didFinishLaunching.name)!
            let setup = names.firstIndex(of: "ui.setup")!
            #expect(finishBegin < setup && setup < finishEnd)
            #expect(events[setup].session == nil)
            #expect(names.filter { $0 == "ui.setup" }.count == 2)  // begin and end: once per launch
        }
        let healthy = try SimulatedTrace("launch cold").file.events
        #expect(healthy.first { $0.event.name == "ui.setup" }?.session == "S1")
    }

    @Test("wrong-order: didFinishLaunching is recorded after the scene callbacks made before the main queue ran")
    func wrongOrder() throws {
        let trace = try SimulatedTrace("launch cold; swipe-kill; fault wrong-order; launch cold")
        #expect(
            trace.calls.split(separator: "--")[1] == [
                "willFinishLaunching", "didDiscardSceneSessions", "configurationForConnecting S2", "willConnectTo S2",
                "sceneWillEnterForeground S2", "didFinishLaunching", "sceneDidBecomeActive S2",
            ])
        let finish = trace.events(ofLaunch: 2).filter { $0.event == EventName(.didFinishLaunching) }
        #expect(finish.map(\.phase) == [.instant])
        #expect(trace.calls.split(separator: "--")[0].first == "willFinishLaunching")
        #expect(trace.calls.split(separator: "--")[0].dropFirst().first == "didFinishLaunching")
    }

    @Test("late-save: state.save starts after sceneDidEnterBackground returned")
    func lateSave() throws {
        let events = try SimulatedTrace("fault late-save; launch cold; home").file.events
        let backgroundEnd = events.firstIndex { $0.event == EventName(.sceneDidEnterBackground) && $0.phase == .end }!
        let save = events.firstIndex { $0.event.name == "state.save" && $0.phase == .begin }!
        #expect(save > backgroundEnd)
        #expect(events[save].t > events[backgroundEnd].t)
        let healthy = try SimulatedTrace("launch cold; home").file.events
        let healthyEnd = healthy.firstIndex { $0.event == EventName(.sceneDidEnterBackground) && $0.phase == .end }!
        #expect(healthy.firstIndex { $0.event.name == "state.save" && $0.phase == .begin }! < healthyEnd)
    }

    @Test(
        "block-background: sceneDidEnterBackground takes the blocking time and more; legacy apps block their own callback",
        arguments: [
            ("launch cold; home", Callback.sceneDidEnterBackground),
            ("app legacy; launch cold; home", Callback.applicationDidEnterBackground),
        ])
    func blockBackground(_ script: String, _ callback: Callback) throws {
        let events = try SimulatedTrace("fault block-background 6s; " + script).file.events
        let span = events.filter { $0.event == EventName(callback) }
        #expect(span.map(\.phase) == [.begin, .end])
        let duration = span[1].t - span[0].t
        #expect(duration > 6_000_000_000 && duration < 6_100_000_000)
        #expect(events.contains { $0.event.name == "sync.upload" })
    }

    @Test("fault none clears every fault from the next callback on")
    func faultNone() throws {
        let events = try SimulatedTrace("fault block-background 6s; fault late-save; launch cold; fault none; home")
            .file.events
        #expect(!events.contains { $0.event.name == "sync.upload" })
        let backgroundEnd = events.firstIndex { $0.event == EventName(.sceneDidEnterBackground) && $0.phase == .end }!
        #expect(events.firstIndex { $0.event.name == "state.save" }! < backgroundEnd)
    }
}
