import LifelineCore

/// What UI frameworks print about their own life cycle, read from console lines as app events:
/// they are not UIKit delegate calls, and none of these frameworks documents one UIKit callback per
/// state it reports, so they are kept under their own names and the log imports and shows its
/// sequence (docs/interchange.md#framework-life-cycles).
///
/// | printed | event | attrs | why not a callback |
/// |---|---|---|---|
/// | `scenePhase: active`, `ScenePhase.background`, `onChange scenePhase inactive` | `swiftui.scenePhase` | `phase` | SwiftUI's phase summarises a scene's (or, at the app, all scenes') activation state; it is derived, not a delegate call (developer.apple.com/documentation/swiftui/scenephase) |
/// | `AppLifecycleState.inactive` (`print(state)` in `didChangeAppLifecycleState`) | `flutter.lifecycle` | `state` | Flutter's states "do not correspond one to one" with a platform's, and missing ones are "synthesized by the framework" (api.flutter.dev/flutter/dart-ui/AppLifecycleState.html) |
/// | `OnApplicationFocus:False`, `OnApplicationPause(true)` | `unity.focus`, `unity.pause`, `unity.quit` | `hasFocus`, `pauseStatus` | Unity's `MonoBehaviour` messages, sent from the player's own loop (docs.unity3d.com/ScriptReference/MonoBehaviour.OnApplicationFocus.html, ….OnApplicationPause.html) |
///
/// `swiftui.scenePhase` is what the SwiftUI example app marks (examples/SwiftUIApp). Bare words
/// (`Active`, `INACTIVE`, `OnResuming`) are not read: without the framework's name they are prose.
enum FrameworkLifecycle {
    /// The framework event the words of a console message name, or nil.
    static func recognize(_ words: [ArraySlice<UInt8>]) -> ConsoleTextDecoder.Recognized? {
        for (index, word) in words.enumerated() {
            let parts = word.split(whereSeparator: { !ConsoleTextDecoder.isLetter($0) && !isDigit($0) && $0 != UInt8(ascii: "_") })
            for (part, name) in parts.enumerated() {
                if name.elementsEqual("scenePhase".utf8) || name.elementsEqual("ScenePhase".utf8) {
                    // The last phase of the words right after it: `scenePhase changed from inactive to
                    // active` and `scenePhase: inactive → active` are `active`; the app's own words end
                    // them (`scenePhase active: gate open (prevPhase=inactive)` is `active`).
                    let after = (Array(parts[(part + 1)...]) + words[(index + 1)...].flatMap(tokens)).prefix {
                        scenePhases.contains(where: $0.elementsEqual) || phaseConnectives.contains(where: $0.elementsEqual)
                    }
                    guard let phase = after.last(where: { scenePhases.contains(where: $0.elementsEqual) }) else { continue }
                    return event("swiftui.scenePhase", ["phase": .string(String(decoding: phase, as: UTF8.self))])
                }
                if name.elementsEqual("AppLifecycleState".utf8), part + 1 < parts.count,
                    flutterStates.contains(where: parts[part + 1].elementsEqual)
                {
                    return event("flutter.lifecycle", ["state": .string(String(decoding: parts[part + 1], as: UTF8.self))])
                }
                if part == 0, let unity = unityMessages.first(where: { name.elementsEqual($0.message.utf8) }) {
                    let (event, key) = unity.event
                    var recognized = ConsoleTextDecoder.Recognized(name: EventName(event))
                    let rest = Array(parts[(part + 1)...]) + words[(index + 1)...].prefix(1).flatMap(tokens)
                    if let key, let value = rest.first.flatMap(boolean) { recognized.attrs[key] = .bool(value) }
                    return recognized
                }
            }
        }
        return nil
    }

    /// The events this reads lines as.
    static let names: Set<String> = ["swiftui.scenePhase", "flutter.lifecycle", "unity.focus", "unity.pause", "unity.quit"]

    private static let scenePhases = ["active", "inactive", "background"].map { Array($0.utf8) }
    /// Words between `scenePhase` and its phases: `changed from inactive to active`, `is now active`.
    private static let phaseConnectives = ["changed", "change", "from", "to", "is", "now", "new", "old", "phase", "became"].map {
        Array($0.utf8)
    }
    private static let flutterStates = ["resumed", "inactive", "paused", "detached", "hidden"].map { Array($0.utf8) }
    private static let unityMessages: [(message: String, event: (String, String?))] = [
        ("OnApplicationFocus", ("unity.focus", "hasFocus")),
        ("OnApplicationPause", ("unity.pause", "pauseStatus")),
        ("OnApplicationQuit", ("unity.quit", nil)),
    ]

    private static func tokens(_ word: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        word.split(whereSeparator: { !ConsoleTextDecoder.isLetter($0) && !isDigit($0) && $0 != UInt8(ascii: "_") })
    }

    private static func boolean(_ word: ArraySlice<UInt8>) -> Bool? {
        switch String(decoding: word, as: UTF8.self).lowercased() {
        case "true": return true
        case "false": return false
        default: return nil
        }
    }

    private static func event(_ name: String, _ attrs: Attributes) -> ConsoleTextDecoder.Recognized {
        ConsoleTextDecoder.Recognized(name: EventName(name), attrs: attrs)
    }
}
