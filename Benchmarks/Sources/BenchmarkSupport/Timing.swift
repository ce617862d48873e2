import Foundation

/// Wall-clock and CPU seconds (user + system) of one run.
public struct Timing: Sendable {
    public var seconds: Double
    public var cpu: Double

    public init(seconds: Double, cpu: Double) {
        self.seconds = seconds
        self.cpu = cpu
    }

    public static let none = Timing(seconds: .infinity, cpu: .infinity)

    /// Whose CPU seconds a timing counts.
    public enum CPUScope: Sendable {
        /// This process, all its threads.
        case process
        /// The processes this one waited for.
        case children
        /// Both: a benchmark that runs work in process and in processes it starts.
        case processAndChildren

        /// The CPU seconds used so far in this scope.
        public var secondsSoFar: Double {
            switch self {
            case .process: cpuSeconds(children: false)
            case .children: cpuSeconds(children: true)
            case .processAndChildren: cpuSeconds(children: false) + cpuSeconds(children: true)
            }
        }
    }

    /// Times `body`, its CPU seconds counted in this process (`children`: in the processes it waited for).
    public static func of(children: Bool = false, _ body: () throws -> Void) rethrows -> Timing {
        try of(counting: children ? .children : .process, body)
    }

    /// Times `body`, its CPU seconds counted in `scope`.
    public static func of(counting scope: CPUScope, _ body: () throws -> Void) rethrows -> Timing {
        let start = Date()
        let cpu = scope.secondsSoFar
        try body()
        return Timing(seconds: Date().timeIntervalSince(start), cpu: scope.secondsSoFar - cpu)
    }

    /// The faster of two timings, by wall-clock time.
    public func best(_ other: Timing) -> Timing { other.seconds < seconds ? other : self }
}

/// CPU seconds used so far by this process (all threads) or by its waited-for children.
public func cpuSeconds(children: Bool) -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
    #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
