import Foundation
import LifelineCore
import LifelineFormat
import LifelineSimulator
import Testing

@Suite("Simulator determinism")
struct DeterminismTests {
    static let script = """
        device iPad13,4; launch cold; open-window S2; interrupt 2s; home; wait 5m; memory-pressure; return
        swipe-kill; wait 1h; launch cold
        """

    @Test("the same script and seed give the same bytes, run after run and from any thread")
    func sameBytes() throws {
        let first = try SimulatedTrace(Self.script, seed: 7).bytes
        let second = try SimulatedTrace(Self.script, seed: 7).bytes
        #expect(first == second)
        let onThread = try runOnNewThread { try SimulatedTrace(Self.script, seed: 7).bytes }
        #expect(onThread == first)
    }

    @Test("another seed changes timings, launch ids and scene addresses, never the calls")
    func otherSeed() throws {
        let one = try SimulatedTrace(Self.script, seed: 1)
        let two = try SimulatedTrace(Self.script, seed: 2)
        #expect(one.calls == two.calls)
        #expect(one.file.events.map(\.t) != two.file.events.map(\.t))
        #expect(one.launches.map(\.launch) != two.launches.map(\.launch))
        #expect(Set(one.file.events.compactMap(\.scene)).isDisjoint(with: two.file.events.compactMap(\.scene)))
    }

    @Test("comments and layout change nothing; the commands make the trace")
    func layoutIndependent() throws {
        let plain = try SimulatedTrace("launch cold; home; wait 30s; return").bytes
        let commented = try SimulatedTrace("# a comment\nlaunch cold\n  home   # bye\nwait 30s\nreturn\n").bytes
        #expect(plain == commented)
        let other = try SimulatedTrace("launch cold; home; wait 31s; return").bytes
        #expect(plain != other)
    }

    @Test("launch ids are UUIDs, pids and start times are fixed, and times start near zero each launch")
    func identities() throws {
        let trace = try SimulatedTrace("launch cold; swipe-kill; wait 10m; launch cold", seed: 3)
        for launch in trace.launches {
            #expect(UUID(uuidString: launch.launch ?? "") != nil)
            #expect((300..<60_300).contains(launch.pid ?? 0))
            #expect(launch.app == "com.example.Notes")
        }
        #expect(trace.events(ofLaunch: 2).first!.t < 50_000_000)
    }

    private func runOnNewThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.set(Result { try body() })
            done.signal()
        }
        done.wait()
        return try box.get()
    }
}

/// A result handed from one thread to another.
final class ResultBox<T: Sendable>: Sendable {
    private let result = Locked<Result<T, any Error>?>(nil)

    func set(_ value: Result<T, any Error>) {
        result.withLock { $0 = value }
    }

    func get() throws -> T {
        try result.withLock { $0 }!.get()
    }
}
