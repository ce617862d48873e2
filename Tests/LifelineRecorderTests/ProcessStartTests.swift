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

    @Test("a start some time ago lands that long before now; one in the future is refused")
    func movedOntoTheMonotonicClock() {
        #expect(ProcessStart.before(1_000_000_000, by: 350_000_000) == 650_000_000)
        #expect(ProcessStart.before(1_000_000_000, by: 2_000_000_000) == -1_000_000_000)
        #expect(ProcessStart.before(1_000_000_000, by: -1) == nil)
        #expect(ProcessStart.before(UInt64.max, by: 0) == nil)
    }

    @Test("a recorder on a custom clock keeps the process start its caller gives, and adds none")
    func customClocks() {
        let clock = RecorderClock.custom { 5_000 }
        #expect(InMemoryRecorder(launch: LaunchRecord(), clock: clock).launch.processStart == nil)
        #expect(InMemoryRecorder(launch: LaunchRecord(processStart: -7), clock: clock).launch.processStart == -7)
    }

    #if os(Linux)
    @Test("on Linux a recorder writes this process's start from the kernel, before its own origin, steady between recorders")
    func thisProcess() throws {
        let now = MonotonicClock.now()
        let absolute = try #require(ProcessStart.monotonic())
        #expect(absolute <= Int64(now))
        // CLOCK_MONOTONIC counts from boot on Linux, as starttime does: a start after boot.
        #expect(absolute >= 0)
        let first = try #require(InMemoryRecorder(launch: LaunchRecord()).launch.processStart)
        let second = try #require(InMemoryRecorder(launch: LaunchRecord()).launch.processStart)
        // On the events' clock: the process started before the recorder (its origin, t = 0).
        #expect(first <= 0 && second <= first)
        // As long before the recorder as the process has run; ticks are 10 ms apart (USER_HZ 100).
        #expect(abs((Int64(now) - absolute) + first) < 50_000_000)
        #expect(LaunchRecord.current().processStart == nil, "the recorder places it, on its own clock")
        #expect(LaunchRecord.current().prewarm == nil, "Linux does not prewarm apps")
    }
    #endif

    @Test("a recorder on a custom clock adds no module load either")
    func customClockModuleLoad() {
        #expect(InMemoryRecorder(launch: LaunchRecord(), clock: .custom { 5_000 }).launch.moduleLoad == nil)
    }

    #if os(Linux)
    @Test("the module load is the C constructor's reading: after the process start, before the recorder's origin")
    func moduleLoadInThisProcess() throws {
        let loaded = try #require(ModuleLoad.monotonic(), "the constructor ran before the tests did")
        #expect(loaded <= Int64(MonotonicClock.now()))
        // starttime counts whole clock ticks (10 ms), rounded down: still before the load.
        #expect(try #require(ProcessStart.monotonic()) <= loaded)
        let recorder = InMemoryRecorder(launch: LaunchRecord())
        let moduleLoad = try #require(recorder.launch.moduleLoad)
        let processStart = try #require(recorder.launch.processStart)
        #expect(processStart <= moduleLoad && moduleLoad <= 0)
        #expect(LaunchRecord(moduleLoad: 3).moduleLoad == 3)
        #expect(InMemoryRecorder(launch: LaunchRecord(moduleLoad: -9)).launch.moduleLoad == -9, "a caller's value is kept")
    }
    #endif

    @Test("ActivePrewarm as the constructor read it decides; read again only when the constructor did not run")
    func prewarmAtLoad() {
        #expect(Prewarm.isPrewarmed(atLoad: .read("1"), now: nil), "iOS removed it after launching; the load-time reading keeps it")
        #expect(!Prewarm.isPrewarmed(atLoad: .read(nil), now: "1"))
        #expect(!Prewarm.isPrewarmed(atLoad: .read("0"), now: nil))
        #expect(Prewarm.isPrewarmed(atLoad: .notRead, now: "1"))
        #expect(!Prewarm.isPrewarmed(atLoad: .notRead, now: nil))
    }

    @Test("only ActivePrewarm=1 says the process was prewarmed")
    func prewarmValue() {
        #expect(Prewarm.isPrewarmed(environmentValue: "1"))
        #expect(!Prewarm.isPrewarmed(environmentValue: "0"))
        #expect(!Prewarm.isPrewarmed(environmentValue: ""))
        #expect(!Prewarm.isPrewarmed(environmentValue: nil))
    }
}
