import LifelineFormat
import LifelineRules

/// The launches of a check with their events, ready for the HTML report: what the summary
/// lists, and each launch's events as the compact JSON its timeline is drawn from.
///
/// Built by ``TimelineCollector`` from the same records the checker read.
package struct ReportTimelines: Sendable {
    /// One launch: its record, where it starts, and its events encoded.
    package struct Launch: Sendable {
        package var record: LaunchRecord
        /// The trace file of its launch record, and that record's line.
        package var file: String
        package var line: Int
        package var events: Int
        /// From the first event to the last, in nanoseconds.
        package var duration: Int64
        /// The first event's time, which the timeline's times count from.
        package var t0: Int64 = 0
        /// From `didFinishLaunching` to the first `sceneDidBecomeActive` (or `applicationDidBecomeActive`).
        package var timeToActive: Int64?
        /// Whether the launch's events carry times: false when they all carry one (a log without
        /// timestamps), whose durations the report leaves out rather than show as 0.
        package var isTimed = true
        /// Its kind, phases and ending (docs/launches.md), endings settled over the report's launches.
        package var anatomy: LaunchAnatomy?
        /// `{"t0":…,"s":[strings],"f":[files],"e":[[seq,dt,kind,name,session,scene,thread,file,line,attrs?],…],
        /// "n":[[session,name,role],…]}`: `dt` from `t0`, `kind` the phase (0 instant, 1 begin, 2 end) plus 4 for
        /// an app-defined event, names and files as indexes into `s` and `f` (-1: none); `n` the sessions whose
        /// events say what they are, with their lane's name and role (null: none) (``SceneLaneNames``).
        package var json: ScriptSafeJSON
        /// The launch identifier the checker slices by: the record's, or `file:line` when it has none.
        package var key: String { record.launch ?? "\(file):\(line)" }
    }

    /// A begin/end callback and how long it took.
    package struct Span: Sendable, Hashable {
        package var launch: Int
        /// The index of its `begin` event in the launch.
        package var event: Int
        package var name: String
        package var session: String?
        package var duration: Int64
    }

    /// An event's position: its launch and its index in that launch.
    package struct Position: Sendable, Hashable {
        package var launch: Int
        package var event: Int
    }

    package var launches: [Launch] = []
    /// The longest begin/end spans of all launches, longest first.
    package var slowest: [Span] = []
    /// Where the events that findings name are, by their file and line.
    package var positions: [EventLocation: Position] = [:]

    package init() {}
}

/// An event's place in its trace file: how witnesses name events.
package struct EventLocation: Sendable, Hashable {
    package var file: String
    package var line: Int

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}
