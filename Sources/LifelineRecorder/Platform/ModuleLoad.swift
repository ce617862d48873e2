#if canImport(CLifelineLoad)
internal import CLifelineLoad
#endif

/// What the recorder read when its image was loaded, before `main()`.
///
/// dyld runs an image's C constructors while the process starts, after loading and binding the
/// images it depends on; `CLifelineLoad`'s reads ``MonotonicClock`` and the `ActivePrewarm`
/// variable then. The time from the process start to here is pre-main, the time from here to the
/// first callback UIKit's start (docs/launches.md, "Phases"). A recorder linked statically loads
/// with the app's executable, just before `main()`; one in a framework a little earlier, with the
/// framework.
///
/// Every build of the package has `CLifelineLoad`; the iOS type-check
/// (`../shared/ios-typecheck/check-app.sh`), which compiles Swift modules alone, does not, and
/// checks the rest of the recorder with the constructor taken as not run.
package enum ModuleLoad {
    /// The module load on ``MonotonicClock``, or `nil` when the constructor did not run.
    package static func monotonic() -> Int64? {
        #if canImport(CLifelineLoad)
        let loaded = lifeline_load_monotonic_ns()
        guard loaded > 0, loaded <= UInt64(Int64.max) else { return nil }
        return Int64(loaded)
        #else
        return nil
        #endif
    }

    /// The module load on the events' clock of a recorder whose origin is `origin`: negative,
    /// before the recorder's first reading of the clock.
    package static func onEventClock(origin: UInt64) -> Int64? {
        guard let loaded = monotonic(), origin <= UInt64(Int64.max) else { return nil }
        return loaded - Int64(origin)
    }

    /// The `ActivePrewarm` variable as the constructor read it (`nil`: not set then), or `.notRead`
    /// when the constructor did not run.
    package static var activePrewarm: Reading {
        #if canImport(CLifelineLoad)
        guard monotonic() != nil else { return .notRead }
        return .read(lifeline_load_active_prewarm().map { String(cString: $0) })
        #else
        return .notRead
        #endif
    }

    /// What the constructor read of an environment variable.
    package enum Reading: Equatable, Sendable {
        /// The constructor did not run: the variable was not read at load time.
        case notRead
        /// The variable's value at load time, `nil` when it was not set.
        case read(String?)
    }
}
