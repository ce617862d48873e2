import LifelineCore
import Testing

@testable import LifelineRecorder

@Suite("Process start and prewarm")
struct ProcessStartTests {
    @Test("starttime is the 20th field after the command, whose name may hold spaces and parentheses")
    func statParsing() {
        // The shape of a real /proc/<pid>/stat line (proc(5)): pid (comm) state ppid ... starttime (field 22) ...
        let fields = (4...21).map(String.init).joined(separator: " ")
        let line = "4711 (Notes (beta) app) S \(fields) 987654 7 8\n"
        #expect(ProcessStart.startTicks(inStat: Array(line.utf8)[...]) == 987_654)
        #expect(ProcessStart.startTicks(inStat: Array("4711 (short) S 1 2".utf8)[...]) == nil)
        #expect(ProcessStart.startTicks(inStat: Array("no parenthesis at all".utf8)[...]) == nil)
        let overflow = "1 (x) S \(fields) 99999999999999999999999 7\n"
        #expect(ProcessStart.startTicks(inStat: Array(overflow.utf8)[...]) == nil)
    }

    @Test("a start some time ago lands that long before now on the event clock; one in the future is refused")
    func movedOntoTheEventClock() {
        #expect(ProcessStart.onEventClock(ago: 350_000_000, eventNow: 1_000_000_000) == 650_000_000)
        #expect(ProcessStart.onEventClock(ago: 2_000_000_000, eventNow: 1_000_000_000) == -1_000_000_000)
        #expect(ProcessStart.onEventClock(ago: -1, eventNow: 1_000_000_000) == nil)
        #expect(ProcessStart.onEventClock(ago: 0, eventNow: UInt64.max) == nil)
    }

    #if os(Linux)
    @Test("on Linux this process's start comes from the kernel, before now on the event clock and steady between reads")
    func thisProcess() throws {
        let first = try #require(ProcessStart.onEventClock())
        let now = Int64(MonotonicClock.now())
        #expect(first <= now)
        // CLOCK_MONOTONIC counts from boot on Linux, as starttime does: a start after boot.
        #expect(first >= 0)
        let second = try #require(ProcessStart.onEventClock())
        // Ticks are 10 ms apart (USER_HZ 100): two reads agree within a few of them.
        #expect(abs(second - first) < 50_000_000)
        let record = LaunchRecord.current()
        #expect(record.processStart.map { abs($0 - first) < 50_000_000 } == true)
        #expect(record.prewarm == nil, "Linux does not prewarm apps")
    }
    #endif

    @Test("only ActivePrewarm=1 says the process was prewarmed")
    func prewarmValue() {
        #expect(Prewarm.isPrewarmed(environmentValue: "1"))
        #expect(!Prewarm.isPrewarmed(environmentValue: "0"))
        #expect(!Prewarm.isPrewarmed(environmentValue: ""))
        #expect(!Prewarm.isPrewarmed(environmentValue: nil))
    }
}
