import Dispatch
import Foundation

/// What the benchmarks measure, the same way in each of them.
public enum Measurement {
    /// The best (lowest) wall-clock seconds of `rounds` runs of `body`.
    public static func bestOf(_ rounds: Int, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    /// Peak resident set size of this process, in MiB.
    ///
    /// On Linux this is `VmHWM` from /proc: `ru_maxrss` survives `exec`, so a child
    /// spawned by a large parent would report the parent's peak.
    public static func peakResidentMiB() -> Double {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }
}
