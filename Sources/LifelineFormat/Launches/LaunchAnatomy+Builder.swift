import LifelineCore

extension LaunchAnatomy {
    /// Reads one launch's callbacks in order and makes its ``LaunchAnatomy``.
    ///
    /// A few stored times per launch and one `switch` per callback: the checker feeds every
    /// callback it checks through it. App-defined events do not come here.
    package struct Builder: Sendable {
        private let record: LaunchRecord
        private var firstEvent: Int64?
        private var willFinish: Int64?
        private var didFinish: Int64?
        private var didFinishEnd: Int64?
        private var firstConnect: Int64?
        private var firstForeground: (t: Int64, callback: Callback)?
        private var firstActive: Int64?
        private var firstFrame: Int64?
        private var fullyDisplayed: Int64?
        /// The first callback that runs only in the background, before any foreground one.
        private var backgroundEntry: (t: Int64, callback: Callback)?
        /// The last four callbacks that change a state, newest last (`nil`: none yet), without a heap allocation.
        private var tail: (Callback?, Callback?, Callback?, Callback?) = (nil, nil, nil, nil)
        private var sawTime = false
        /// The app's spans begun and not yet ended (a bounded few: a trace's unbalanced begins cost nothing more).
        private var openSpans: [(key: Int, t: Int64)] = []
        /// The app's longest spans so far, for the slow reason to name what ran in the slowest phase.
        private var spans: [AppSpan] = []
        /// Per scene (nil: the app), when it entered the background and has not come back yet.
        private var inBackground: [String?: Int64] = [:]
        /// The scenes (nil: the app) in the foreground now.
        private var inForeground: Set<String?> = []
        /// Since when no scene has been in the foreground, after the launch's first foreground.
        private var appInBackground: Int64?
        /// Scenes connecting while the app was in the background: since when it was, and when each connected.
        private var reconnecting: [String?: (background: Int64, connect: Int64)] = [:]
        /// Per scene, the resume that entered the foreground and is not active yet (an index in ``resumes``).
        private var resuming: [String?: Int] = [:]
        private var resumes: [Resume] = []
        private var resumesOmitted = 0
        /// Whether a delegate callback moved the launch between the foreground and the background: then
        /// SwiftUI's phases are only recorded beside them, not read.
        private var sawStateCallback = false
        /// SwiftUI's phases: the app's aggregate, and the rest (a view's window's, a log's).
        private var appPhases = PhaseTrack()
        private var otherPhases = PhaseTrack()

        package init(record: LaunchRecord) { self.record = record }

        /// Notes one callback of the launch at `t`, with its phase and the scene it names.
        ///
        /// `scene` is asked only of the callbacks that move a scene between the background and the
        /// foreground (a few per launch): the reader makes the string then.
        package mutating func note(_ callback: Callback, t: Int64, phase: Phase, scene: @autoclosure () -> String?) {
            if firstEvent == nil { firstEvent = t }
            if t != firstEvent { sawTime = true }
            if phase == .end {
                if callback == .didFinishLaunching, didFinishEnd == nil { didFinishEnd = t }
                return
            }
            switch callback.known {
            case .willFinishLaunching:
                if willFinish == nil { willFinish = t }
            case .didFinishLaunching:
                if didFinish == nil { didFinish = t }
            case .willConnectTo:
                if firstConnect == nil { firstConnect = t }
                // A scene connecting while the app is in the background: the app comes back with
                // its UI rebuilt (a scene iOS released), if the scene then enters the foreground.
                if let appInBackground, reconnecting.count < Self.sceneLimit {
                    reconnecting[scene()] = (appInBackground, t)
                }
            case .sceneWillEnterForeground, .applicationWillEnterForeground:
                if firstForeground == nil { firstForeground = (t, callback) }
                sawStateCallback = true
                remember(callback)
                if let owner = owner(callback, scene()) { enterForeground(owner, t: t) }
            case .sceneDidBecomeActive, .applicationDidBecomeActive:
                if firstForeground == nil { firstForeground = (t, callback) }
                if firstActive == nil { firstActive = t }
                sawStateCallback = true
                remember(callback)
                if !resuming.isEmpty, let owner = owner(callback, scene()), let index = resuming.removeValue(forKey: owner) {
                    resumes[index].active = t
                }
            case .sceneWillResignActive, .applicationWillResignActive:
                sawStateCallback = true
                remember(callback)
            case .applicationWillTerminate:
                remember(callback)
            case .sceneDidDisconnect:
                sawStateCallback = true
                remember(callback)
                // A released scene comes back as a new connection: its resume starts there.
                if let owner = owner(callback, scene()) { leaveForeground(owner, t: t, toBackground: false) }
            case .sceneDidEnterBackground, .applicationDidEnterBackground:
                if firstForeground == nil, backgroundEntry == nil { backgroundEntry = (t, callback) }
                sawStateCallback = true
                remember(callback)
                if let owner = owner(callback, scene()) { leaveForeground(owner, t: t, toBackground: true) }
            case .applicationPerformFetch, .applicationHandleBackgroundURLSession, .applicationDidReceiveRemoteNotification:
                // Callbacks iOS makes to an app it launched or woke in the background (a fetch, a
                // URL session's events, a content-available push) when they come before any foreground.
                if firstForeground == nil, backgroundEntry == nil { backgroundEntry = (t, callback) }
            default:
                break
            }
        }

        /// Notes one event of the launch, whatever it is: for a reader that holds whole records (the
        /// checker and the importer feed the parts they scanned instead).
        package mutating func note(_ event: EventRecord) {
            if let callback = event.event.callback {
                note(callback, t: event.t, phase: event.phase, scene: event.scene)
            } else if let mark = Mark(name: event.event.name) {
                note(mark, t: event.t)
            } else if event.event == EventName.scenePhase {
                if let reading = ScenePhaseReading(attrs: event.attrs) { note(reading, t: event.t) }
            } else if event.phase != .instant {
                noteApp(key: event.event.name.hashValue, t: event.t, phase: event.phase) { event.event.name }
            }
        }

        /// Notes one of the recorder's own marks of the launch at `t`.
        package mutating func note(_ mark: Mark, t: Int64) {
            if firstEvent == nil { firstEvent = t }
            if t != firstEvent { sawTime = true }
            switch mark {
            case .firstFrame:
                // The first frame after the first active state: a frame before it is not the launch's end.
                if firstFrame == nil, firstActive != nil || appPhases.firstActive != nil || otherPhases.firstActive != nil {
                    firstFrame = t
                }
            case .fullyDisplayed:
                if fullyDisplayed == nil { fullyDisplayed = t }
            }
        }

        /// Notes one of SwiftUI's scene phases (`swiftui.scenePhase`) at `t`.
        package mutating func note(_ reading: ScenePhaseReading, t: Int64) {
            if firstEvent == nil { firstEvent = t }
            if t != firstEvent { sawTime = true }
            if reading.scope == .app {
                appPhases.note(reading.phase, t: t)
            } else {
                otherPhases.note(reading.phase, t: t)
            }
        }

        /// Notes an app-defined event of the launch: its spans (a `begin` and the `end` of the same
        /// `key`, the name's identity in the reader) name what ran in a slow phase. `name` is asked
        /// only for a span that is kept.
        package mutating func noteApp(key: Int, t: Int64, phase: Phase, name: () -> String) {
            switch phase {
            case .begin:
                if openSpans.count < Self.openSpanLimit { openSpans.append((key, t)) }
            case .end:
                guard let index = openSpans.lastIndex(where: { $0.key == key }) else { return }
                let start = openSpans.remove(at: index).t
                let end = max(t, start)
                if spans.count < Self.keptSpans {
                    spans.append(AppSpan(name: name(), start: start, end: end))
                } else if let shortest = spans.indices.min(by: { spans[$0].duration < spans[$1].duration }),
                    spans[shortest].duration < end.saturatingSubtracting(start)
                {
                    spans[shortest] = AppSpan(name: name(), start: start, end: end)
                }
            case .instant:
                return
            }
        }

        /// Whose resume a foreground or background callback moves: `.some(scene)` for a scene's
        /// callback (`.some(nil)` when it names none), `.some(nil)` for the app's own in an app that
        /// connected no scene; nil for the app's callbacks in a scene app (UIKit does not call them
        /// there: a recorder that logs its notifications too would count each resume twice).
        @inline(__always)
        private func owner(_ callback: Callback, _ scene: @autoclosure () -> String?) -> String?? {
            if callback.scope == .scene { return .some(scene()) }
            return firstConnect == nil ? .some(nil) : nil
        }

        /// A scene (or the app) begins to enter the foreground: a resume when it was in the
        /// background, or connected while the app was.
        private mutating func enterForeground(_ owner: String?, t: Int64) {
            appInBackground = nil
            if inForeground.count < Self.sceneLimit { inForeground.insert(owner) }
            let resume: Resume
            if let since = inBackground.removeValue(forKey: owner) {
                resume = Resume(scene: owner, background: since, foreground: t, active: nil)
            } else if let reconnect = reconnecting.removeValue(forKey: owner) {
                resume = Resume(
                    scene: owner, background: reconnect.background, foreground: reconnect.connect, active: nil, reconnected: true)
            } else {
                return
            }
            guard resumes.count < Self.keptResumes else {
                resumesOmitted += 1
                return
            }
            if resuming.count < Self.sceneLimit { resuming[owner] = resumes.count }
            resumes.append(resume)
        }

        /// A scene (or the app) enters the background, or disconnects. Only once the launch has been
        /// in the foreground: before it, coming forward is the launch's own open (a warm launch), not a resume.
        private mutating func leaveForeground(_ owner: String?, t: Int64, toBackground: Bool) {
            resuming[owner] = nil
            reconnecting[owner] = nil
            guard firstForeground != nil else { return }
            if toBackground {
                if inBackground[owner] == nil, inBackground.count < Self.sceneLimit { inBackground[owner] = t }
            } else {
                inBackground[owner] = nil
            }
            // A scene that disconnects from the foreground was swiped away (or closed): that is not
            // the app going to the background (UIKit may connect a scene for a moment after it,
            // Apple forums thread 732170, traces/swipe-kill-fast.ndjson).
            if inForeground.remove(owner) != nil, inForeground.isEmpty, toBackground { appInBackground = t }
        }

        /// How many resumes a launch keeps (a trace of days of use counts the rest).
        static let keptResumes = 1000
        /// How many scenes a launch follows between the background and the foreground at once.
        static let sceneLimit = 64

        /// How many of the app's longest spans a launch keeps: the slowest phase's own long spans are among them.
        static let keptSpans = 8
        /// How many unended begins a launch follows at once.
        static let openSpanLimit = 64

        @inline(__always)
        private mutating func remember(_ callback: Callback) {
            tail = (tail.1, tail.2, tail.3, callback)
        }

        /// What moved a launch to the foreground or the background first: a callback, or a SwiftUI phase.
        private enum Signal {
            case callback(Callback)
            case scenePhase(ScenePhaseReading.Phase)

            var description: String {
                switch self {
                case .callback(let callback): return callback.description
                case .scenePhase(let phase): return "scenePhase \(phase.rawValue)"
                }
            }
        }

        /// The launch's way to the foreground and the background as ``finish()`` reads it: the delegate
        /// callbacks, or, when none records them, SwiftUI's phases (the app's, else a view's or a log's).
        private struct Signals {
            var firstForeground: (t: Int64, signal: Signal)?
            var firstActive: Int64?
            var backgroundEntry: (t: Int64, signal: Signal)?
            /// The phases read, and whose they are in words; nil when the callbacks are read.
            var phases: (track: PhaseTrack, whose: String)?
        }

        private var signals: Signals {
            let phases: (track: PhaseTrack, whose: String)? =
                sawStateCallback
                ? nil
                : appPhases.seen
                    ? (appPhases, "the app's (scope app)") : otherPhases.seen ? (otherPhases, "a view's (scope scene) or a log's") : nil
            var entry = backgroundEntry.map { (t: $0.t, signal: Signal.callback($0.callback)) }
            guard let phases else {
                return Signals(
                    firstForeground: firstForeground.map { ($0.t, .callback($0.callback)) }, firstActive: firstActive,
                    backgroundEntry: entry, phases: nil)
            }
            // The launch's way in from both streams, whichever saw it first (the app's phase records
            // only changes, a view its first reading too); its resumes and ending from the one read.
            let foreground = [appPhases.firstForeground, otherPhases.firstForeground].compactMap { $0 }.min { $0.t < $1.t }.map {
                (t: $0.t, signal: Signal.scenePhase($0.phase))
            }
            let active = [appPhases.firstActive, otherPhases.firstActive].compactMap { $0 }.min()
            // A background callback (a push the adaptor got) once the app was in the foreground is not how it launched.
            if let callback = entry, let foreground, foreground.t < callback.t { entry = nil }
            if let t = [appPhases.backgroundEntry, otherPhases.backgroundEntry].compactMap({ $0 }).min(),
                t < entry?.t ?? .max, t < foreground?.t ?? .max
            {
                entry = (t, .scenePhase(.background))
            }
            return Signals(firstForeground: foreground, firstActive: active, backgroundEntry: entry, phases: phases)
        }

        /// The anatomy of the launch noted so far.
        package func finish() -> LaunchAnatomy {
            let signals = self.signals
            let (firstForeground, backgroundEntry) = (signals.firstForeground, signals.backgroundEntry)
            var evidence: [String] = []
            let kind: Kind
            let reason: String
            let launched = didFinish ?? willFinish
            evidence.append(record.prewarm.map { "prewarm: \($0 ? "ActivePrewarm=1" : "not set")" } ?? "prewarm: not recorded")
            evidence.append(
                record.taskRole.map { "task role: \($0)" + (Self.roleMeaning[$0].map { " (\($0))" } ?? "") } ?? "task role: not recorded")
            // The kernel's role backs what the callbacks show, or shows what they do not: a prewarm
            // the record's flag missed, a background launch no callback of the app reveals.
            let prewarmedByRole = record.prewarm == nil && record.taskRole == TaskRole.darwinBG
            let launchedWithoutUI = record.taskRole == TaskRole.nonUI
            if let processStart = record.processStart, let firstEvent {
                evidence.append("process start: \(Self.duration(firstEvent.saturatingSubtracting(processStart))) before the first event")
            } else {
                evidence.append("process start: not recorded")
            }
            evidence.append(moduleLoad.evidence)
            if let phases = signals.phases {
                evidence.append(
                    "scene phases: SwiftUI's scenePhase, \(phases.whose), shows the foreground and the background: no delegate callback records them"
                )
            }
            if record.excerpt == true {
                kind = .unknown
                reason = "the trace begins after the launch did (an excerpt): how the process started is not in it"
            } else if record.prewarm == true || prewarmedByRole {
                kind = .prewarmed
                let flag = prewarmedByRole ? "task role darwinBG; ActivePrewarm not recorded" : "ActivePrewarm=1"
                if let firstForeground, let launched {
                    reason =
                        "iOS prewarmed the process (\(flag)); the user opened it \(Self.duration(firstForeground.t.saturatingSubtracting(launched))) after it finished launching"
                } else {
                    reason = "iOS prewarmed the process (\(flag)) and nothing opened it in this trace"
                }
            } else if launched == nil && !record.records(.didFinishLaunching) {
                kind = .unknown
                reason = "the trace does not record didFinishLaunching, so where the launch starts is not in it"
            } else if launched == nil {
                kind = .unknown
                reason = "no willFinishLaunching or didFinishLaunching: the trace does not show the process starting"
            } else if let backgroundEntry {
                if let firstForeground {
                    kind = .warm
                    reason =
                        "launched in the background (\(backgroundEntry.signal.description) first), then opened by the user \(Self.duration(firstForeground.t.saturatingSubtracting(backgroundEntry.t))) later"
                } else {
                    kind = .background
                    reason = "launched in the background: \(backgroundEntry.signal.description) came before any foreground callback"
                }
            } else if launchedWithoutUI, let launched {
                // No callback of the app shows it (a location update, a BGTask, a silent push handled
                // elsewhere), but iOS started the process without UI.
                if let firstForeground {
                    kind = .warm
                    reason =
                        "launched in the background (task role nonUI, though no background callback is in the trace), then opened by the user \(Self.duration(firstForeground.t.saturatingSubtracting(launched))) after it finished launching"
                } else {
                    kind = .background
                    reason =
                        "launched in the background: the task role is nonUI (iOS started it without UI), though no background callback is in the trace"
                }
            } else if let firstForeground {
                kind = .cold
                reason =
                    record.prewarm == nil
                    ? "the process started and came to the foreground (\(firstForeground.signal.description)) first; prewarm is not recorded, so a prewarmed launch would look the same"
                    : "the process started for this launch and came to the foreground (\(firstForeground.signal.description)) first"
            } else {
                kind = .unknown
                reason = "the process finished launching but no foreground or background callback follows"
            }
            let (ending, endingReason) = ownEnding(signals)
            return LaunchAnatomy(
                // An excerpt's first events are not its launch's: the time from them to active is not the
                // launch's time to active (its foreground and background returns are resumes).
                kind: kind, reason: reason, evidence: evidence,
                phases: sawTime && record.excerpt != true ? phases(kind: kind, signals) : [],
                ending: ending,
                endingReason: endingReason, appSpans: spans.sorted { ($0.start, $0.end) < ($1.start, $1.end) },
                resumes: signals.phases?.track.resumes ?? resumes, resumesOmitted: signals.phases?.track.resumesOmitted ?? resumesOmitted)
        }

        /// Consecutive phases between the milestones the launch reached, in time order, from the
        /// process start (else the first event) to the first active state. A launch that waited
        /// (prewarmed, or launched in the background) has a ``waiting`` phase until the user opened it.
        private func phases(kind: Kind, _ signals: Signals) -> [LaunchPhase] {
            let moduleLoad = self.moduleLoad.usable
            let (firstForeground, backgroundEntry) = (signals.firstForeground, signals.backgroundEntry)
            guard let firstActive = signals.firstActive, let start = record.processStart ?? moduleLoad ?? firstEvent else { return [] }
            var milestones: [(name: String, t: Int64)] = []
            switch (record.processStart, moduleLoad) {
            case (.some(let processStart), .some(let moduleLoad)):
                milestones.append((Self.preMain, processStart))
                milestones.append((Self.uikitStart, moduleLoad))
            case (.some(let processStart), nil): milestones.append((Self.beforeFirstEvent, processStart))
            case (nil, .some(let moduleLoad)): milestones.append((Self.uikitStart, moduleLoad))
            case (nil, nil): break
            }
            if let willFinish { milestones.append(("willFinishLaunching", willFinish)) }
            if let didFinish { milestones.append(("didFinishLaunching", didFinish)) }
            if let didFinishEnd, didFinish != nil { milestones.append(("after didFinishLaunching", didFinishEnd)) }
            if let firstConnect { milestones.append(("scene connection", firstConnect)) }
            if let firstForeground, firstForeground.t < firstActive { milestones.append(("entering foreground", firstForeground.t)) }
            if kind == .warm || kind == .prewarmed, let firstForeground {
                let waitStart = kind == .warm ? backgroundEntry?.t ?? didFinishEnd ?? didFinish : (didFinishEnd ?? didFinish)
                if let waitStart, waitStart < firstForeground.t { milestones.append((Self.waiting, waitStart)) }
            }
            if milestones.isEmpty { milestones.append(("to first active", start)) }
            // Stable: milestones at one time keep the order above.
            let ordered = milestones.enumerated().sorted { ($0.element.t, $0.offset) < ($1.element.t, $1.offset) }.map(\.element)
            guard ordered[0].t <= firstActive else { return [] }
            var phases: [LaunchPhase] = []
            for (index, milestone) in ordered.enumerated() where milestone.t <= firstActive {
                let end = index + 1 < ordered.count ? min(ordered[index + 1].t, firstActive) : firstActive
                phases.append(LaunchPhase(milestone.name, milestone.t, end))
            }
            // After the first active state: drawing the first frame, then the app's own content
            // until it said it was fully displayed (a report before the first frame counts at it).
            var last = firstActive
            if let firstFrame, firstFrame >= firstActive {
                phases.append(LaunchPhase(Self.firstFramePhase, firstActive, firstFrame))
                last = firstFrame
            }
            if let fullyDisplayed {
                phases.append(LaunchPhase(Self.fullyDisplayedPhase, last, max(fullyDisplayed, last)))
            }
            return phases
        }

        /// The record's module load, `usable` when it can split the time before the first event (not
        /// before the process start, not after the first event), and the evidence line that says so
        /// or why a contradictory one is not used.
        private var moduleLoad: (usable: Int64?, evidence: String) {
            guard let recorded = record.moduleLoad else { return (nil, "module load: not recorded") }
            if let processStart = record.processStart, recorded < processStart {
                return (
                    nil,
                    "module load: \(Self.duration(processStart.saturatingSubtracting(recorded))) before the process start: contradictory, not used"
                )
            }
            if let firstEvent, recorded > firstEvent {
                return (
                    nil,
                    "module load: \(Self.duration(recorded.saturatingSubtracting(firstEvent))) after the first event: contradictory, not used"
                )
            }
            let before = firstEvent.map { ", \(Self.duration($0.saturatingSubtracting(recorded))) before the first event" } ?? ""
            guard let processStart = record.processStart else {
                return (recorded, "module load: recorded without the process start (pre-main not measured)\(before)")
            }
            return (
                recorded, "module load: \(Self.duration(recorded.saturatingSubtracting(processStart))) after the process start\(before)"
            )
        }

        /// The phase from the process start to the recorder's module load: dyld loading and binding
        /// the app's images and running the initializers of the ones loaded before the recorder's.
        package static let preMain = "pre-main"
        /// The phase from the recorder's module load to `willFinishLaunching`: the rest of the
        /// static initializers, `main()`, `UIApplicationMain` creating the application and its delegate.
        package static let uikitStart = "UIKit start"
        /// The one phase before the first event of a launch whose record has a process start but no module load.
        package static let beforeFirstEvent = "pre-main and UIKit start"

        /// What a task role says of a launch, for the evidence line.
        static let roleMeaning: [String: String] = [
            TaskRole.foreground: "iOS started it for the user", TaskRole.nonUI: "iOS started it without UI: a background launch",
            TaskRole.darwinBG: "what iOS 15 and later give a prewarmed process",
        ]

        /// The phase from the first active state to the first frame (`lifeline.firstFrame`).
        package static let firstFramePhase = "first frame"
        /// The phase from the first frame (or active state) to the app's `lifeline.fullyDisplayed`.
        package static let fullyDisplayedPhase = "fully displayed"

        /// The phase of a prewarmed or background-launched process until the user opened it: not
        /// launch time, so neither the time to active nor the slowest phase counts it.
        package static let waiting = "waiting for the user"

        /// The ending the launch's own callbacks show; ``LaunchAnatomy/settleEndings(_:)`` decides a
        /// foreground end with the launches that follow.
        private func ownEnding(_ signals: Signals) -> (Ending, String) {
            if let phases = signals.phases, tail.3 != .applicationWillTerminate, let last = phases.track.last {
                if last == .background {
                    // No phase comes when an app in the background is force-quit (jessesquires.com/blog/2024/06/29/swiftui-scene-phase).
                    return (
                        .background,
                        "scenePhase background came last: SwiftUI changes no phase when an app in the background is force-quit or ended by iOS (jetsam), so the trace cannot tell which"
                    )
                }
                return (.unknown, Self.foregroundStop + " (scenePhase \(last.rawValue) last)")
            }
            guard let last = tail.3 else {
                if signals.firstForeground == nil, signals.backgroundEntry != nil || record.prewarm == true {
                    return (.background, "it never came to the foreground: iOS suspends such a process and may end it without a callback")
                }
                return (.unknown, "no state change is recorded")
            }
            // The app switcher's swipe on a foreground app: resign active, disconnect, no background
            // in between; UIKit may then call applicationWillTerminate.
            let (resign, disconnect) = last == .applicationWillTerminate ? (tail.1, tail.2) : (tail.2, tail.3)
            if resign == .sceneWillResignActive, disconnect == .sceneDidDisconnect {
                return (
                    .swipeKilled,
                    "sceneWillResignActive then sceneDidDisconnect without sceneDidEnterBackground"
                        + (last == .applicationWillTerminate ? ", then applicationWillTerminate" : "")
                        + ": swiped away in the app switcher"
                )
            }
            switch last.known {
            case .applicationWillTerminate:
                return (.terminated, "applicationWillTerminate came last")
            case .sceneDidDisconnect, .sceneDidEnterBackground, .applicationDidEnterBackground:
                return (.background, "\(last.description) came last: a suspended app iOS may end without a callback (jetsam)")
            default:
                return (.unknown, Self.foregroundStop + " (\(last.description) last)")
            }
        }

        /// How an ending's reason starts when the trace stops in the foreground.
        static let foregroundStop = "the trace stops in the foreground"

        /// A duration as a person reads it: `9.5 ms`, `1.08 s`, `12.3 s`, `45 min`, `2 h 5 min`.
        package static func duration(_ nanoseconds: Int64) -> String {
            let tenths = nanoseconds / 100_000
            if tenths < 10_000 { return "\(tenths / 10).\(abs(tenths % 10)) ms" }
            let seconds = nanoseconds / 1_000_000_000
            if seconds < 10 {
                let hundredths = nanoseconds / 10_000_000
                return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) s"
            }
            if seconds < 60 { return "\(nanoseconds / 100_000_000 / 10).\(nanoseconds / 100_000_000 % 10) s" }
            if seconds < 3600 { return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s" }
            return seconds % 3600 / 60 == 0 ? "\(seconds / 3600) h" : "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        }
    }
}

extension LaunchAnatomy {
    /// Where a launch stands among others when endings are settled.
    package struct Place: Sendable {
        /// The trace it came from. A recorder's trace lives on one device, in the app's own
        /// container, so the launches of one trace are one installation's, in order; `device` in a
        /// launch record is a model identifier that many devices share, so nothing is settled across traces.
        package var trace: String
        package var app: String?
        package var appVersion: String?
        package var os: String?

        package init(trace: String, app: String?, appVersion: String?, os: String?) {
            (self.trace, self.app, self.appVersion, self.os) = (trace, app, appVersion, os)
        }
    }

    /// Settles the endings of launches that stop in the foreground: when the same trace has a later
    /// launch of the same app, the process ended without a callback (a crash, a watchdog kill or
    /// running out of memory; an update of the app or the OS between the two is said, since it ends
    /// a process too); else the ending stays unknown. `launches` are in input order.
    /// Settles the endings of the anatomies `items` hold at `anatomy` (those without one are left
    /// as they are), each placed by `place`, in input order.
    package static func settleEndings<Item>(
        of items: inout [Item], at anatomy: WritableKeyPath<Item, LaunchAnatomy?>, place: (Item) -> Place
    ) {
        let indices = items.indices.filter { items[$0][keyPath: anatomy] != nil }
        var placed = indices.map { (place: place(items[$0]), anatomy: items[$0][keyPath: anatomy]!) }
        settleEndings(&placed)
        for (index, settled) in zip(indices, placed) { items[index][keyPath: anatomy] = settled.anatomy }
    }

    package static func settleEndings(_ launches: inout [(place: Place, anatomy: LaunchAnatomy)]) {
        // From the last launch back: the nearest later launch of each app in each trace, in one pass.
        struct Key: Hashable {
            var trace: String
            var app: String?
        }
        var nextOf: [Key: Place] = [:]
        for index in launches.indices.reversed() {
            let place = launches[index].place
            let key = Key(trace: place.trace, app: place.app)
            defer { nextOf[key] = place }
            guard launches[index].anatomy.ending == .unknown, launches[index].anatomy.endingReason.hasPrefix(Builder.foregroundStop)
            else { continue }
            guard let later = nextOf[key] else {
                launches[index].anatomy.endingReason += ", and no later launch in this trace: the app may still run"
                continue
            }
            launches[index].anatomy.ending = .foregroundExit
            var reason = ", and the next launch in this trace shows the process ended: a crash, a watchdog kill or out of memory"
            if later.appVersion != place.appVersion || later.os != place.os {
                reason +=
                    " (or the update between them: the next launch runs "
                    + [
                        later.appVersion != place.appVersion ? "app version \(later.appVersion ?? "unknown")" : nil,
                        later.os != place.os ? "OS \(later.os ?? "unknown")" : nil,
                    ].compactMap { $0 }.joined(separator: " on ") + ")"
            }
            launches[index].anatomy.endingReason += reason
        }
    }
}

extension LaunchAnatomy {
    /// The anatomies of whole launches, in order, their endings settled among the launches of each file.
    package static func of(_ launches: [InterchangeLaunch]) -> [LaunchAnatomy] {
        var placed = launches.map { launch -> (place: Place, anatomy: LaunchAnatomy) in
            var builder = Builder(record: launch.record)
            for event in launch.events { builder.note(event) }
            let record = launch.record
            return (Place(trace: launch.file ?? "", app: record.app, appVersion: record.appVersion, os: record.os), builder.finish())
        }
        settleEndings(&placed)
        return placed.map(\.anatomy)
    }
}
