#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads the system's monotonic clock in nanoseconds.
///
/// `CLOCK_MONOTONIC` on both platforms. On Darwin it keeps counting while the
/// device sleeps, which is what time spent in the background should measure.
public enum MonotonicClock {
    @inline(__always)
    public static func now() -> UInt64 {
        #if canImport(Darwin)
        return clock_gettime_nsec_np(CLOCK_MONOTONIC)
        #else
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #endif
    }
}
