import LifelineCore

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// When the kernel started this process, on ``MonotonicClock``.
///
/// A recorder's events carry monotonic nanoseconds since its origin; the kernel keeps the
/// process's start on another clock. One reading of both clocks moves it onto the monotonic
/// clock, and the recorder onto its events' clock (``onEventClock(origin:)``), so the time before
/// the first event (dyld, static initializers, UIKit's start) is measured:
///
/// - Apple platforms: `sysctl` `KERN_PROC_PID` gives `kinfo_proc.kp_proc.p_starttime` (wall
///   time, as Sentry, Datadog and Embrace read it); the wall clock read now says how long ago
///   that was. A wall-clock step between the process start and now skews it by the step.
/// - Linux: `/proc/self/stat`'s `starttime` counts clock ticks since boot, the origin of
///   `CLOCK_BOOTTIME`, which says how long ago that was.
package enum ProcessStart {
    /// The process start on the events' clock of a recorder whose origin (its first reading of
    /// ``MonotonicClock``) is `origin`: negative, the process started before the recorder did.
    package static func onEventClock(origin: UInt64) -> Int64? {
        guard let start = monotonic(), origin <= UInt64(Int64.max) else { return nil }
        return start - Int64(origin)
    }

    /// The process start on ``MonotonicClock``, or `nil` when the kernel does not say.
    package static func monotonic() -> Int64? {
        #if canImport(Darwin)
        var info = kinfo_proc()
        var size = MemoryLayout<kinfo_proc>.stride
        var name: [Int32] = [CTL_KERN, KERN_PROC, KERN_PROC_PID, getpid()]
        guard sysctl(&name, 4, &info, &size, nil, 0) == 0, size > 0 else { return nil }
        // `p_starttime` is a C macro for this member, which Swift does not import.
        let started = info.kp_proc.p_un.__p_starttime
        guard started.tv_sec > 0 else { return nil }
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        let now = MonotonicClock.now()
        let startedWall = Int64(started.tv_sec) * 1_000_000_000 + Int64(started.tv_usec) * 1_000
        let nowWall = Int64(wall.tv_sec) * 1_000_000_000 + Int64(wall.tv_nsec)
        return before(now, by: nowWall - startedWall)
        #elseif os(Linux)
        guard let ticks = startTicksSinceBoot(), case let hertz = sysconf(Int32(_SC_CLK_TCK)), hertz > 0 else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let now = MonotonicClock.now()
        let sinceBoot = Int64(boot.tv_sec) * 1_000_000_000 + Int64(boot.tv_nsec)
        let (startedSinceBoot, overflow) = ticks.multipliedReportingOverflow(by: 1_000_000_000 / Int64(hertz))
        guard !overflow else { return nil }
        return before(now, by: sinceBoot - startedSinceBoot)
        #else
        return nil
        #endif
    }

    /// The monotonic time `ago` nanoseconds before `now`; `nil` for a start in the future (a clock
    /// stepped back past it) or a time the clock cannot hold.
    package static func before(_ now: UInt64, by ago: Int64) -> Int64? {
        guard ago >= 0, now <= UInt64(Int64.max) else { return nil }
        return Int64(now) - ago
    }

    /// `launch` with its process start and module load (``ModuleLoad``) on the events' clock of a
    /// recorder reading `clock` from `origin`, where it does not say them and the clock is the
    /// system's (a custom clock's origin is not the kernel's: its caller says where the process
    /// started, as the simulator does).
    package static func placed(in launch: LaunchRecord, clock: RecorderClock, origin: UInt64) -> LaunchRecord {
        guard case .monotonic = clock.source else { return launch }
        var launch = launch
        if launch.processStart == nil { launch.processStart = onEventClock(origin: origin) }
        if launch.moduleLoad == nil { launch.moduleLoad = ModuleLoad.onEventClock(origin: origin) }
        return launch
    }

    #if os(Linux)
    /// Field 22 of `/proc/self/stat`, counted after the command's closing parenthesis (the command
    /// may hold spaces and parentheses itself).
    private static func startTicksSinceBoot() -> Int64? {
        guard let file = fopen("/proc/self/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = fread(&buffer, 1, buffer.count, file)
        return startTicks(inStat: buffer[..<count])
    }
    #endif

    /// `starttime` from the text of a `/proc/<pid>/stat` file: the 20th field after the command.
    package static func startTicks(inStat stat: ArraySlice<UInt8>) -> Int64? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: UInt8(ascii: " "))
        // After the command: state (field 3) ... starttime (field 22) is the 20th.
        guard fields.count >= 20 else { return nil }
        var value: Int64 = 0
        for digit in fields[19] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times10 + Int64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}

/// Whether iOS launched this process to prewarm it.
///
/// iOS sets `ActivePrewarm=1` in a prewarmed process's environment and removes it once the app
/// finishes launching (Apple, "About the app launch sequence"; Sentry, Datadog and Firebase read
/// the same variable), so the recorder reads it when its image is loaded, before `main()`
/// (``ModuleLoad/activePrewarm``): a launch record made late, after `didFinishLaunching`, still
/// says so. Where the constructor did not run, it is read when the app creates its launch record.
package enum Prewarm {
    /// The launch record's `prewarm`: `nil` off the platforms that prewarm, else whether the
    /// variable said so.
    package static func current() -> Bool? {
        #if os(iOS) || os(tvOS) || os(visionOS)
        return isPrewarmed(atLoad: ModuleLoad.activePrewarm, now: getenv("ActivePrewarm").map { String(cString: $0) })
        #else
        return nil
        #endif
    }

    /// Whether the variable said so: as the constructor read it, else as it is `now`.
    package static func isPrewarmed(atLoad: ModuleLoad.Reading, now: String?) -> Bool {
        guard case .read(let value) = atLoad else { return isPrewarmed(environmentValue: now) }
        return isPrewarmed(environmentValue: value)
    }

    /// Whether the value of `ActivePrewarm` says the process was prewarmed (`1`).
    package static func isPrewarmed(environmentValue value: String?) -> Bool { value == "1" }
}

extension TaskRole {
    /// The launch record's `taskRole`: the role the kernel gives this task now
    /// (`task_policy_get`, `TASK_CATEGORY_POLICY`), read with the record, before the app finishes
    /// launching. `nil` where it cannot be read: off iOS and visionOS (tvOS and watchOS forbid the
    /// call), when the call fails, or when it answers with the default policy rather than the task's.
    package static func current() -> String? {
        #if os(iOS) || os(visionOS)
        var policy = task_category_policy_data_t()
        var count = mach_msg_type_number_t(MemoryLayout<task_category_policy_data_t>.size / MemoryLayout<integer_t>.size)
        var isDefault: boolean_t = 0
        let result = withUnsafeMutablePointer(to: &policy) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { words in
                task_policy_get(mach_task_self_, task_policy_flavor_t(TASK_CATEGORY_POLICY), words, &count, &isDefault)
            }
        }
        guard result == KERN_SUCCESS, isDefault == 0 else { return nil }
        return name(of: Int32(policy.role))
        #else
        return nil
        #endif
    }
}
