import LifelineCore

/// What a launch was and how it went: its kind with the reason and evidence, its phases from the
/// process start to the first active state, and how it ended (docs/launches.md).
///
/// Built from the launch record and the launch's callbacks in order (``Builder``), on any
/// platform: the recorder only records, this interprets. An ending that needs to know whether the
/// process went on (a later launch of the same app on the same device) is settled by
/// ``settleEndings(_:)`` over all the launches at hand.
package struct LaunchAnatomy: Sendable, Equatable {
    /// How the process came to run.
    package enum Kind: String, Sendable, CaseIterable {
        /// The process started for this launch and came to the foreground first.
        case cold
        /// The process was already running (launched in the background) when the user opened it.
        case warm
        /// iOS started the process ahead of use (`ActivePrewarm`).
        case prewarmed
        /// The process started in the background and stayed there in this trace.
        case background
        /// The evidence does not decide; ``LaunchAnatomy/reason`` says what is missing.
        case unknown
    }

    /// How the launch ended.
    package enum Ending: String, Sendable, CaseIterable {
        /// `applicationWillTerminate`: UIKit ended the app and said so.
        case terminated
        /// A scene resigned active and disconnected without entering the background: the user
        /// swiped the app away in the app switcher.
        case swipeKilled = "swipe-killed"
        /// The last state was the background: iOS suspends such apps and may end them (jetsam) with no callback.
        case background
        /// The app was in the foreground and a later launch shows the process ended without a callback:
        /// a crash, a watchdog kill or running out of memory.
        case foregroundExit = "foreground-exit"
        /// The trace stops in the foreground and no later launch shows the process ended: it may still
        /// run, or its last events were not written.
        case unknown
    }

    /// One phase: a name and where it starts and ends on the launch's event clock.
    package struct LaunchPhase: Sendable, Equatable {
        package var name: String
        package var start: Int64
        package var end: Int64
        package var duration: Int64 { end.saturatingSubtracting(start) }

        package init(_ name: String, _ start: Int64, _ end: Int64) {
            (self.name, self.start, self.end) = (name, start, end)
        }
    }

    package var kind: Kind
    /// Why ``kind``: one sentence naming the evidence that decided it, or what was missing.
    package var reason: String
    /// Every fact the kind and ending rest on, in words (`prewarm: not recorded`).
    package var evidence: [String]
    /// From the process start (or the first event) to the first active state, in order; empty when
    /// the launch never became active or its events carry no time.
    package var phases: [LaunchPhase]
    package var ending: Ending
    package var endingReason: String
    /// The app's longest spans in the launch (a few, in time order): what ran in its phases.
    package var appSpans: [AppSpan] = []

    /// The times a scene (or, in an app without scenes, the app) came back from the background in
    /// the launch, in order: the "hot starts" of a process that was still alive.
    package var resumes: [Resume] = []
    /// Resumes past the ``Builder`` keeps (a trace of days of use): counted, not kept.
    package var resumesOmitted = 0

    /// A scene (or the app) coming back from the background: `sceneDidEnterBackground`, later
    /// `sceneWillEnterForeground`, then `sceneDidBecomeActive` (their `application…` forms in an
    /// app without scenes); or, when iOS released the scene meanwhile, a scene connecting while
    /// no scene is in the foreground, then entering it. Times on the launch's event clock.
    package struct Resume: Sendable, Equatable {
        /// The scene's identifier as the trace gives it; nil for the app (an app without scenes,
        /// or a scene callback that names no scene).
        package var scene: String?
        /// When it entered the background.
        package var background: Int64
        /// When it began to enter the foreground; for a scene that ``reconnected``, when it connected.
        package var foreground: Int64
        /// When it became active again; nil when it went back to the background (or the trace
        /// stopped) first.
        package var active: Int64?
        /// Whether the scene had been released in the background and connected again (its UI built
        /// anew): then ``background`` is when the app's last foreground scene left.
        package var reconnected: Bool
        /// How long it stayed in the background.
        package var inBackground: Int64 { foreground.saturatingSubtracting(background) }
        /// From entering the foreground to active: the resume's own latency.
        package var toActive: Int64? { active.map { $0.saturatingSubtracting(foreground) } }

        package init(scene: String?, background: Int64, foreground: Int64, active: Int64?, reconnected: Bool = false) {
            (self.scene, self.background, self.foreground, self.active) = (scene, background, foreground, active)
            self.reconnected = reconnected
        }
    }

    /// The resume that took longest to become active.
    package var slowestResume: Resume? {
        var slowest: Resume?
        for resume in resumes {
            if let toActive = resume.toActive, toActive > slowest?.toActive ?? -1 { slowest = resume }
        }
        return slowest
    }

    /// The launch's resumes in a line: how many, and the slowest (`scene 0x…` after `30 min` in the
    /// background, active in `22.2 ms`); nil when there were none.
    package var resumeSummary: String? {
        let count = resumes.count + resumesOmitted
        guard count > 0 else { return nil }
        let counted = count == 1 ? "1 resume from the background" : "\(count) resumes from the background"
        guard let slowest = slowestResume, let toActive = slowest.toActive else {
            return counted + ", none became active again in the trace"
        }
        let who = slowest.scene.map { "scene \($0)" } ?? "the app"
        let how = slowest.reconnected ? " (released in the background, connected again)" : ""
        return counted + (count == 1 ? ": " : ", the slowest: ")
            + "\(who)\(how) after \(Builder.duration(slowest.inBackground)), active in \(Builder.duration(toActive))"
    }

    /// One of the app's own spans: an app-defined event's `begin`…`end`.
    package struct AppSpan: Sendable, Equatable {
        package var name: String
        package var start: Int64
        package var end: Int64
        package var duration: Int64 { end.saturatingSubtracting(start) }

        package init(name: String, start: Int64, end: Int64) {
            (self.name, self.start, self.end) = (name, start, end)
        }
    }

    /// The phase to the first frame that took the most time, for a "why slow" line (waiting for the
    /// user is not launch time; the app's own content after the first frame is not the launch's).
    package var slowestPhase: LaunchPhase? { Self.slowest(of: phases) }

    /// The longest of `phases` but the wait for the user and the app's content after the first frame.
    private static func slowest(of phases: some Sequence<LaunchPhase>) -> LaunchPhase? {
        phases.filter { $0.name != Builder.waiting && $0.name != Builder.fullyDisplayedPhase }.max { $0.duration < $1.duration }
    }

    /// The launch's own time to its first active state, in nanoseconds: its phases up to it but
    /// waiting for the user.
    package var timeToActive: Int64? {
        guard !phases.isEmpty else { return nil }
        return time(through: nil)
    }

    /// The launch's time to its first frame (``Builder/firstFramePhase``), when the trace has it.
    package var timeToFirstFrame: Int64? {
        phases.contains { $0.name == Builder.firstFramePhase } ? time(through: Builder.firstFramePhase) : nil
    }

    /// The launch's time to the app's "fully displayed" mark, when the trace has it.
    package var timeToFullyDisplayed: Int64? {
        phases.contains { $0.name == Builder.fullyDisplayedPhase } ? time(through: Builder.fullyDisplayedPhase) : nil
    }

    /// The phases' time but waiting for the user, through the phase named `last` (nil: to the first
    /// active state, the phases after it left out).
    private func time(through last: String?) -> Int64 {
        var total: Int64 = 0
        for phase in phases {
            let afterActive = phase.name == Builder.firstFramePhase || phase.name == Builder.fullyDisplayedPhase
            if afterActive && last == nil { break }
            if phase.name != Builder.waiting { total = total.saturatingAdding(phase.duration) }
            if phase.name == last { break }
        }
        return total
    }

    /// Apple's target for a launch: its first frame within 400 ms of the tap (WWDC19 session 423,
    /// "Optimizing App Launch", docs/launches.md).
    package static let firstFrameTarget: Int64 = 400_000_000

    /// Why the launch was slow, when it missed ``firstFrameTarget``: how long it took to its first
    /// frame (or, without one, its first active state, which comes before it) and the phase that
    /// took the most of it. Nil when it made the target or its phases are unknown.
    ///
    /// A launch that waited for the user (prewarmed, or launched in the background) is counted from
    /// the end of the wait, when the user opened it: what ran before happened out of sight.
    package var slowReason: String? {
        let (waited, seen, toFrame, measured) = measuredLaunch
        guard measured > Self.firstFrameTarget, let slowest = Self.slowest(of: seen) else { return nil }
        let share = slowest.duration.multipliedReportingOverflow(by: 100)
        let percent = share.overflow ? "" : " (\(share.partialValue / measured)%)"
        let span = Self.span(waited: waited != nil, toFrame: toFrame)
        var inside = ""
        if let (app, overlap) = longestAppSpan(in: slowest) {
            inside = ", \(Builder.duration(overlap)) of it in \(app.name)"
        }
        return
            "\(Builder.duration(measured)) \(span), over Apple's 400 ms target for the first frame: \(slowest.name) took \(Builder.duration(slowest.duration))\(percent)\(inside)"
    }

    /// The time ``firstFrameTarget`` measures: to the first frame (else the first active state, which
    /// comes before it), from the process start or, for a launch that waited for the user, from the
    /// user's open. Nil when the launch's phases are unknown (it never became active in the trace).
    package var launchTime: Int64? { phases.isEmpty ? nil : measuredLaunch.measured }

    /// The phases ``launchTime`` counts (after the wait, when there was one), whether they reach the
    /// first frame, and their time but the app's content after the first frame.
    private var measuredLaunch: (waited: Int?, seen: [LaunchPhase], toFrame: Bool, measured: Int64) {
        let waited = phases.lastIndex { $0.name == Builder.waiting }
        let seen = waited.map { Array(phases[($0 + 1)...]) } ?? phases
        let toFrame = seen.contains { $0.name == Builder.firstFramePhase }
        let measured = seen.reduce(Int64(0)) { $1.name == Builder.fullyDisplayedPhase ? $0 : $0.saturatingAdding($1.duration) }
        return (waited, seen, toFrame, measured)
    }

    /// What ``launchTime`` spans, in words: `from the user's open to the first frame`.
    private static func span(waited: Bool, toFrame: Bool) -> String {
        (waited ? "from the user's open " : "") + (toFrame ? "to the first frame" : "to the first active state")
    }

    /// Why a finding on ``launchTime`` is not proven, when it is not: a cold launch whose `record`
    /// says neither prewarm nor the task role may have been prewarmed, and a prewarm's wait for the
    /// user would count as launch time.
    package func launchTimeDoubt(record: LaunchRecord) -> String? {
        guard kind == .cold, record.prewarm == nil, record.taskRole == nil else { return nil }
        return
            "the launch record says neither whether iOS prewarmed the process nor its task role, and a prewarmed launch's wait for the user would count as launch time"
    }

    /// The measures a budget rule judges, in words, for its finding's explanation: `launch time
    /// 1.07 s to the first frame (cold), slowest phase didFinishLaunching 929.0 ms`.
    package var measuresInWords: String {
        let (waited, _, toFrame, measured) = measuredLaunch
        guard !phases.isEmpty else { return "\(kind.rawValue) launch, never active in the trace" }
        let span = Self.span(waited: waited != nil, toFrame: toFrame)
        let slowest = slowestPhase.map { ", slowest phase \($0.name) \(Builder.duration($0.duration))" } ?? ""
        return "launch time \(Builder.duration(measured)) \(span) (\(kind.rawValue))\(slowest)"
    }

    /// The launch's measures as the attributes of the checker's `lifeline.anatomy` event, for
    /// budgets written as rules (docs/rules.md, "Launch budgets"): `kind`; in nanoseconds, `launchTime`,
    /// `timeToActive`, `timeToFirstFrame`, `timeToFullyDisplayed`, the `slowestPhase`'s name and
    /// `slowestPhaseTime`; `resumes` and the slowest one's `slowestResume` (to active again). A
    /// measure the trace does not give is absent, which a condition other than `!=` does not match.
    package var ruleAttributes: Attributes {
        var attributes: Attributes = ["kind": .string(kind.rawValue), "resumes": .int(Int64(resumes.count + resumesOmitted))]
        if let value = launchTime { attributes["launchTime"] = .int(value) }
        if let value = timeToActive { attributes["timeToActive"] = .int(value) }
        if let value = timeToFirstFrame { attributes["timeToFirstFrame"] = .int(value) }
        if let value = timeToFullyDisplayed { attributes["timeToFullyDisplayed"] = .int(value) }
        if let phase = slowestPhase {
            attributes["slowestPhase"] = .string(phase.name)
            attributes["slowestPhaseTime"] = .int(phase.duration)
        }
        if let value = slowestResume?.toActive { attributes["slowestResume"] = .int(value) }
        return attributes
    }

    /// The app's span that ran longest within `phase` and for how long, when one ran for a tenth of it or more.
    private func longestAppSpan(in phase: LaunchPhase) -> (AppSpan, Int64)? {
        var best: (AppSpan, Int64)?
        for app in appSpans {
            let overlap = min(app.end, phase.end).saturatingSubtracting(max(app.start, phase.start))
            if overlap > best?.1 ?? 0 { best = (app, overlap) }
        }
        guard let best, best.1.multipliedReportingOverflow(by: 10).partialValue >= phase.duration else { return nil }
        return best
    }
}

extension LaunchAnatomy {
    /// A moment the recorder marks that is not a UIKit callback.
    package enum Mark: Sendable {
        /// `lifeline.firstFrame`: the first frame after the app became active.
        case firstFrame
        /// `lifeline.fullyDisplayed`: the app said its first screen shows its content.
        case fullyDisplayed

        /// The mark an event name stands for, if any.
        package init?(name: String) {
            switch name {
            case EventName.firstFrame.name: self = .firstFrame
            case EventName.fullyDisplayed.name: self = .fullyDisplayed
            default: return nil
            }
        }

        /// The mark an event name given as its UTF-8 bytes stands for: a length test first, so the
        /// app's own events cost one comparison.
        @inline(__always)
        package init?(bytes: UnsafeRawBufferPointer) {
            switch bytes.count {
            case Self.firstFrameBytes.count where bytes.elementsEqual(Self.firstFrameBytes): self = .firstFrame
            case Self.fullyDisplayedBytes.count where bytes.elementsEqual(Self.fullyDisplayedBytes): self = .fullyDisplayed
            default: return nil
            }
        }

        private static let firstFrameBytes = Array(EventName.firstFrame.name.utf8)
        private static let fullyDisplayedBytes = Array(EventName.fullyDisplayed.name.utf8)
    }
}
