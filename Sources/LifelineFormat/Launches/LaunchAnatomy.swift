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

    /// The phase that took the most time, for a "why slow" line (waiting for the user is not launch time).
    package var slowestPhase: LaunchPhase? {
        phases.filter { $0.name != Builder.waiting }.max { $0.duration < $1.duration }
    }

    /// The launch's own time to its first active state, in nanoseconds: its phases but waiting for the user.
    package var timeToActive: Int64? {
        guard !phases.isEmpty else { return nil }
        return phases.reduce(0) { $1.name == Builder.waiting ? $0 : $0.saturatingAdding($1.duration) }
    }
}
