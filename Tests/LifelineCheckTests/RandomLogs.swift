import LifelineFormat
import LifelineSupport

/// Random inputs for the live check: Lifeline traces and console logs with several launches,
/// callbacks in any order, app events, sessions and scenes, and (in logs) only some callbacks logged.
enum RandomLogs {
    static let sceneCallbacks = [
        "willConnectTo", "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
        "sceneDidDisconnect",
    ]
    static let appCallbacks = [
        "didFinishLaunching", "willFinishLaunching", "applicationDidBecomeActive", "applicationWillResignActive",
        "applicationDidEnterBackground", "applicationWillEnterForeground",
    ]
    static let appEvents = ["state.save", "ui.setup", "db.open", "sync.upload"]

    /// A Lifeline trace of one to three launches; some launch records list the callbacks they record.
    static func native(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        for launch in 1...Int(random.next() % 3 + 1) {
            let lifecycle = random.next() % 4 == 0 ? "app" : "scene"
            var record = #"{"lifeline":1,"type":"launch","launch":"L\#(launch)","lifecycle":"\#(lifecycle)""#
            if random.next() % 3 == 0 {
                let recorded = (sceneCallbacks + appCallbacks).filter { _ in random.next() % 2 == 0 }
                record += #","records":[\#(recorded.map { "\"\($0)\"" }.joined(separator: ","))]"#
            }
            lines.append(record + "}")
            var t: Int64 = 0
            for seq in 1...Int(random.next() % 50 + 1) {
                t += Int64(random.next() % 900_000_000)
                let names = sceneCallbacks + appCallbacks + appEvents
                let name = names[Int(random.next() % UInt64(names.count))]
                let phase = ["begin", "end", "instant", "instant"][Int(random.next() % 4)]
                var fields = [#""seq":\#(seq)"#, #""t":\#(t)"#, #""event":"\#(name)""#, #""phase":"\#(phase)""#]
                if sceneCallbacks.contains(name) || random.next() % 3 == 0 {
                    let session = random.next() % 2 + 1
                    fields.append(#""session":"S\#(session)""#)
                    fields.append(#""scene":"0x\#(session)""#)
                }
                lines.append("{" + fields.joined(separator: ",") + "}")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A console log (timestamped `NSLog` lines) of one to three processes, each logging only some
    /// callbacks, with the system's noise among them.
    static func console(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var lines: [String] = []
        var nanoseconds: Int64 = 0
        for process in 1...Int(random.next() % 3 + 1) {
            let pid = 4700 + process
            let logged = (sceneCallbacks + appCallbacks).filter { _ in random.next() % 3 != 0 }
            let names = logged + appEvents
            for _ in 0..<Int(random.next() % 40 + 1) {
                nanoseconds += Int64(random.next() % 400_000_000)
                let seconds = nanoseconds / 1_000_000_000
                let micros = (nanoseconds % 1_000_000_000) / 1000
                let time =
                    "2026-11-21 10:\(String(format2: seconds / 60)):\(String(format2: seconds % 60)).\(String(micros + 1_000_000).dropFirst())+0900"
                let message: String
                if random.next() % 8 == 0 {
                    message = "[UIKit] some system noise"
                } else {
                    let name = names[Int(random.next() % UInt64(names.count))]
                    if appEvents.contains(name) {
                        message = "\(name) n=\(random.next() % 5)"
                    } else if sceneCallbacks.contains(name) {
                        message = "SceneDelegate - \(name) <UIWindowScene: 0x\(random.next() % 2 + 1)>"
                    } else {
                        message = "[AppDelegate] \(name)"
                    }
                }
                lines.append("\(time) Notes[\(pid):\(random.next() % 2 + 1)] \(message)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// Two digits: `07`.
    fileprivate init(format2 value: Int64) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
