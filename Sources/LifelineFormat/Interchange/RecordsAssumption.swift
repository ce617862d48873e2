/// What a launch read from a log is taken to record beyond the callbacks it shows, and why
/// (docs/interchange.md#recorded-callbacks).
///
/// An app that logs its delegate's life cycle logs each state method, not only the ones that
/// happened while the log was kept: a log that shows two of a delegate's state methods is taken to
/// record all of them, so a rule that needs one it happens not to show (`sceneWillEnterForeground`
/// before a `sceneDidBecomeActive` from the background) is judged rather than not applicable.
/// One method alone is how people instrument the callback they are debugging (real log 01 logs only
/// `applicationDidBecomeActive`, twice, around a trip to the background it does not show), so it
/// proves nothing about the others.
///
/// | delegate | its state methods (two shown: all recorded) | also recorded then |
/// |---|---|---|
/// | scene delegate | `sceneWillEnterForeground`, `sceneDidBecomeActive`, `sceneWillResignActive`, `sceneDidEnterBackground`, `sceneDidDisconnect` | — |
/// | app delegate | `applicationWillEnterForeground`, `applicationDidBecomeActive`, `applicationWillResignActive`, `applicationDidEnterBackground` | `applicationWillTerminate` |
///
/// Left per callback (recorded only when shown): `willConnectTo`, where apps build their window and
/// often log nothing (real logs 03 and 04 start at the launch with `sceneWillEnterForeground`; taken
/// as recorded, every scene line of such a log would be an error); `willFinishLaunching` /
/// `didFinishLaunching`, which a log that starts at the launch shows; `configurationForConnecting`
/// and `didDiscardSceneSessions`, called only with a scene manifest or for discarded sessions; and
/// every handler (`openURLContexts`, `continue`, shortcut actions, notifications, …), which runs when
/// something asks for it, not as the app moves through its states.
public struct RecordsAssumption: Sendable, Hashable, CustomStringConvertible {
    /// One delegate whose state methods the launch is taken to record.
    public struct Inference: Sendable, Hashable {
        /// `scene delegate` or `app delegate`.
        public var delegate: String
        /// The delegate's state methods the launch shows.
        public var shown: [Callback]
        /// The ones it does not show, taken as recorded.
        public var assumed: [Callback]
    }

    public var inferences: [Inference]

    /// Every callback taken as recorded without being shown.
    public var assumed: CallbackSet { CallbackSet(inferences.flatMap(\.assumed)) }

    /// `the log shows scene delegate methods (sceneWillEnterForeground, sceneDidBecomeActive), so it records
    /// sceneWillResignActive, sceneDidEnterBackground, sceneDidDisconnect too (--records overrides)`
    public var description: String {
        let clauses = inferences.map { inference in
            "the log shows \(inference.delegate) methods (\(names(inference.shown))), so it records \(names(inference.assumed)) too"
        }
        return clauses.joined(separator: "; ") + " (--records overrides)"
    }

    private func names(_ callbacks: [Callback]) -> String { callbacks.map { "\($0)" }.joined(separator: ", ") }

    /// A delegate's state methods: two of them shown are evidence that the app logs them all.
    struct Group {
        var delegate: String
        var states: [Callback]
        var alsoRecorded: [Callback] = []
    }

    static let groups = [
        Group(
            delegate: "scene delegate",
            states: [
                .sceneWillEnterForeground, .sceneDidBecomeActive, .sceneWillResignActive, .sceneDidEnterBackground, .sceneDidDisconnect,
            ]
        ),
        Group(
            delegate: "app delegate",
            states: [
                .applicationWillEnterForeground, .applicationDidBecomeActive, .applicationWillResignActive, .applicationDidEnterBackground,
            ],
            alsoRecorded: [.applicationWillTerminate]),
    ]

    /// How many of a delegate's state methods a launch must show to be taken to record them all.
    public static let evidence = 2

    /// What a launch that shows `shown` is taken to record beyond it; nil when that is nothing.
    public static func inferred(from shown: CallbackSet) -> RecordsAssumption? {
        var inferences: [Inference] = []
        for group in groups {
            let seen = group.states.filter(shown.contains)
            guard seen.count >= evidence else { continue }
            let assumed = (group.states + group.alsoRecorded).filter { !shown.contains($0) }
            if !assumed.isEmpty { inferences.append(Inference(delegate: group.delegate, shown: seen, assumed: assumed)) }
        }
        return inferences.isEmpty ? nil : RecordsAssumption(inferences: inferences)
    }
}
