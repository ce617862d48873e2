import LifelineFormat
import Testing

@Suite("Callback catalog")
struct CallbackCatalogTests {
    @Test("every catalog callback round-trips through a trace line", arguments: Callback.allCases)
    func everyCallbackRoundTrips(_ callback: Callback) throws {
        let event = EventRecord(
            seq: 7, t: 1_234_567, event: EventName(callback), phase: .begin,
            session: callback.scope == .scene ? "S1" : nil, scene: callback.scope == .scene ? "0x600001" : nil,
            thread: "main")
        var line: [UInt8] = []
        TraceEncoder.append(event, to: &line)
        #expect(line.last == 0x0A)
        let text = String(decoding: line.dropLast(), as: UTF8.self)
        #expect(try TraceRecord(parsing: text) == .event(event))
        #expect(Callback(named: callback.name) == callback)
    }

    @Test("every alias normalises to the canonical name", arguments: Callback.allCases)
    func aliasesNormalise(_ callback: Callback) throws {
        #expect(!callback.aliases.isEmpty)
        for alias in callback.aliases {
            #expect(EventName(alias) == EventName(callback), "alias \(alias)")
            #expect(EventName(alias).name == callback.name)
            let record = try TraceRecord(parsing: #"{"seq":1,"t":0,"event":"\#(alias)"}"#)
            guard case .event(let event) = record else {
                Issue.record("expected an event record")
                return
            }
            #expect(event.event.callback == callback)
            #expect(event.event.name == callback.name)
        }
    }

    @Test("a callback prints as its Swift case name, which readers accept, and orders as the catalog declares")
    func descriptionIsTheCaseName() {
        for callback in Callback.allCases {
            #expect(Callback(named: callback.description) == callback, "\(callback)")
            #expect(callback.aliases.contains(callback.description))
        }
        #expect("\(Callback.didFinishLaunching)" == "didFinishLaunching")
        #expect(Callback.allCases == Callback.allCases.sorted())
        #expect(Set(Callback.allCases).count == Callback.allCases.count)
        #expect(Callback.willFinishLaunching < Callback.didFinishLaunching)
    }

    @Test("an app's switch over callbacks names a few and defaults the rest")
    func appSwitchesWithADefault() {
        // The shape an app writes: the catalog is open, so a default is required and a
        // callback added later falls into it instead of breaking the build.
        func isLaunch(_ callback: Callback) -> Bool {
            switch callback {
            case .willFinishLaunching, .didFinishLaunching: true
            default: false
            }
        }
        #expect(Callback.allCases.filter(isLaunch) == [.willFinishLaunching, .didFinishLaunching])
    }

    @Test("no spelling names two callbacks")
    func spellingsAreUnambiguous() {
        var owner: [String: Callback] = [:]
        for callback in Callback.allCases {
            for spelling in [callback.name] + callback.aliases {
                if let other = owner[spelling] { Issue.record("\(spelling) names both \(other) and \(callback)") }
                owner[spelling] = callback
            }
        }
    }

    @Test("the short aliases from the format documentation are accepted")
    func documentedAliases() {
        #expect(EventName("didFinishLaunching").callback == .didFinishLaunching)
        #expect(EventName("configurationForConnecting").callback == .configurationForConnecting)
        #expect(EventName("willConnectTo").callback == .willConnectTo)
        #expect(EventName("sceneDidBecomeActive").callback == .sceneDidBecomeActive)
        #expect(EventName("application:didFinishLaunchingWithOptions:").callback == .didFinishLaunching)
        #expect(EventName("didFinishLaunching").name == "application(_:didFinishLaunchingWithOptions:)")
    }

    /// The callbacks added for logs apps print (docs/research/uikit-lifecycle.md section 13).
    @Test("the legacy launch method, the app's willContinueUserActivity and the notification-center methods are catalog callbacks")
    func callbacksAppsLogBesideTheLifeCycle() {
        // One moment of the launch under its iOS 2 name: UIKit calls one or the other.
        for spelling in ["applicationDidFinishLaunching(_:)", "applicationDidFinishLaunching:", "applicationDidFinishLaunching"] {
            #expect(EventName(spelling).callback == .didFinishLaunching, "\(spelling)")
        }
        #expect(EventName("application:willContinueUserActivityWithType:").callback == .applicationWillContinueUserActivity)
        #expect(EventName("scene:willContinueUserActivityWithType:").callback == .sceneWillContinueUserActivity)
        #expect(
            EventName("userNotificationCenter:willPresentNotification:withCompletionHandler:").callback
                == .userNotificationCenterWillPresent)
        #expect(EventName("userNotificationCenter(_:willPresent:)").callback == .userNotificationCenterWillPresent)
        #expect(
            EventName("userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:").callback
                == .userNotificationCenterDidReceive)
        #expect(EventName("userNotificationCenter(_:didReceive:)").callback == .userNotificationCenterDidReceive)
        #expect(Callback.userNotificationCenterDidReceive.delegate == .userNotificationCenterDelegate)
        #expect(Callback.userNotificationCenterDidReceive.scope == .application)
        #expect(Callback.applicationWillContinueUserActivity.delegate == .applicationDelegate)
    }

    @Test("app-defined names are kept as written")
    func appDefinedNames() {
        let name = EventName("db.open")
        #expect(name.isAppDefined)
        #expect(name.name == "db.open")
        #expect(EventName("sceneDidBecomeActiv").isAppDefined)
    }

    @Test("scope and delegate follow the UIKit protocols")
    func scopes() {
        #expect(Callback.didFinishLaunching.scope == .application)
        #expect(Callback.configurationForConnecting.scope == .application)
        #expect(Callback.willConnectTo.scope == .scene)
        #expect(Callback.sceneDidEnterBackground.delegate == .sceneDelegate)
        #expect(Callback.windowScenePerformShortcutAction.delegate == .windowSceneDelegate)
    }

    @Test("byte lookup agrees with string lookup for every spelling")
    func byteLookup() {
        for callback in Callback.allCases {
            for spelling in [callback.name] + callback.aliases {
                let found = Array(spelling.utf8).withUnsafeBytes { Callback(utf8: $0) }
                #expect(found == callback, "\(spelling)")
            }
        }
        #expect(Array("db.open".utf8).withUnsafeBytes { Callback(utf8: $0) } == nil)
        #expect(Array("".utf8).withUnsafeBytes { Callback(utf8: $0) } == nil)
    }

    @Test("byte lookup finds no spelling that differs from a catalog one in a single byte, anywhere in it")
    func byteLookupNearMisses() {
        // The table keys a spelling by its length and first and last eight bytes and compares the
        // middle only after those match: a change in any one byte, or a byte more or less, is a miss.
        let spellings = Set(Callback.allCases.flatMap { [$0.name] + $0.aliases })
        for spelling in spellings {
            let utf8 = Array(spelling.utf8)
            for index in utf8.indices {
                var changed = utf8
                changed[index] ^= 0x20
                let name = String(decoding: changed, as: UTF8.self)
                let found = changed.withUnsafeBytes { Callback(utf8: $0) }
                #expect(found == (spellings.contains(name) ? Callback(named: name) : nil), "\(name)")
            }
            #expect(Array((spelling + "x").utf8).withUnsafeBytes { Callback(utf8: $0) } == Callback(named: spelling + "x"))
            #expect(Array(spelling.utf8.dropLast()).withUnsafeBytes { Callback(utf8: $0) } == Callback(named: String(spelling.dropLast())))
        }
    }
}
