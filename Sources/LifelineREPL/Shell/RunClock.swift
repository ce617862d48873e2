#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures a statement as sqlite3's `.timer on` does: wall clock, user and system CPU.
struct RunClock {
    private let start = RunClock.now()

    /// `Run Time: real 0.012 user 0.010000 sys 0.001000`
    var report: String {
        let end = RunClock.now()
        return String(
            format: "Run Time: real %.3f user %.6f sys %.6f\n",
            end.real - start.real, end.user - start.user, end.system - start.system)
    }

    private static func now() -> (real: Double, user: Double, system: Double) {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return (Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9, seconds(usage.ru_utime), seconds(usage.ru_stime))
    }
}
