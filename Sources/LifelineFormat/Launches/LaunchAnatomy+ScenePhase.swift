import LifelineCore

extension LaunchAnatomy {
    /// One `swiftui.scenePhase` event as a launch's anatomy reads it: SwiftUI's phase, whose it is, and
    /// whether it is a view's first reading rather than a change.
    ///
    /// A SwiftUI app without a scene delegate gets no foreground or background callback (its
    /// `@UIApplicationDelegateAdaptor` gets only `didFinishLaunching` and `applicationWillTerminate`:
    /// jessesquires.com/blog/2024/06/29/swiftui-scene-phase): its phases are then all a trace shows of
    /// the foreground and the background, and the anatomy reads them instead.
    package struct ScenePhaseReading: Sendable, Equatable {
        package enum Phase: String, Sendable {
            case active, inactive, background
        }

        /// Whose phase: the app's aggregate (`Scene.recordingScenePhase`), a view's window
        /// (`View.recordingScenePhase`), or not said (a console log's `scenePhase: active`).
        package enum Scope: Sendable {
            case app, window, unsaid
        }

        package var phase: Phase
        package var scope: Scope
        package var initial: Bool

        package init(phase: Phase, scope: Scope, initial: Bool = false) {
            (self.phase, self.scope, self.initial) = (phase, scope, initial)
        }

        /// The reading an event's attributes give; nil without a known `phase`.
        package init?(attrs: Attributes) {
            guard case .string(let name)? = attrs["phase"], let phase = Phase(rawValue: name) else { return nil }
            self.phase = phase
            switch attrs["scope"] {
            case .string("app")?: scope = .app
            case .string("scene")?: scope = .window
            default: scope = .unsaid
            }
            if case .bool(true)? = attrs["initial"] { initial = true } else { initial = false }
        }

        /// The reading an event's attributes as JSON text give (the importer holds them so); nil when
        /// they are not an object or name no known phase.
        package init?(json: UnsafeRawBufferPointer) {
            guard json.count > 0, let attrs = try? AttributeValue.decodeObject(String(decoding: json, as: UTF8.self)) else {
                return nil
            }
            self.init(attrs: attrs)
        }

        /// Whether an event name given as its UTF-8 bytes is `swiftui.scenePhase`.
        @inline(__always)
        package static func isScenePhase(_ name: UnsafeRawBufferPointer) -> Bool {
            name.count == nameBytes.count && name.elementsEqual(nameBytes)
        }

        private static let nameBytes = Array(EventName.scenePhase.name.utf8)
    }

    /// What one stream of scene phases says of a launch: when it first came to the foreground and
    /// became active, whether it was in the background first, its resumes and its last phase.
    struct PhaseTrack: Sendable {
        private(set) var firstForeground: (t: Int64, phase: ScenePhaseReading.Phase)?
        private(set) var firstActive: Int64?
        /// A `background` reading before any foreground one: the launch began in the background.
        private(set) var backgroundEntry: Int64?
        private(set) var last: ScenePhaseReading.Phase?
        private(set) var resumes: [Resume] = []
        private(set) var resumesOmitted = 0
        private var backgroundSince: Int64?
        private var resuming: Int?

        var seen: Bool { last != nil }

        mutating func note(_ phase: ScenePhaseReading.Phase, t: Int64) {
            defer { last = phase }
            switch phase {
            case .inactive, .active:
                if firstForeground == nil { firstForeground = (t, phase) }
                if let since = backgroundSince {
                    // Back from the background: a resume of the app (the readings name no scene).
                    backgroundSince = nil
                    if resumes.count < Builder.keptResumes {
                        resuming = resumes.count
                        resumes.append(Resume(scene: nil, background: since, foreground: t, active: nil))
                    } else {
                        resumesOmitted += 1
                    }
                }
                if phase == .active {
                    if firstActive == nil { firstActive = t }
                    if let index = resuming {
                        resumes[index].active = t
                        resuming = nil
                    }
                }
            case .background:
                resuming = nil
                if firstForeground == nil {
                    if backgroundEntry == nil { backgroundEntry = t }
                } else if backgroundSince == nil {
                    backgroundSince = t
                }
            }
        }
    }
}
