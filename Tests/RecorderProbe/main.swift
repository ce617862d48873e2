// A real process for the recorder tests to stress:
//
//   recorder-probe loop FILE THREADS         records 64 events, then from THREADS threads until
//                                            killed; prints "ready" once lines are on disk
//   recorder-probe limited FILE EVENTS BYTES records EVENTS events while the OS refuses
//                                            to let the file grow past BYTES (a full disk),
//                                            then prints "dropped=N" and exits 0
//   recorder-probe counted FILE THREADS COUNTS
//                                            records from THREADS threads with the default
//                                            configuration until killed. The shared file COUNTS
//                                            holds Int64s: when recording started, then per
//                                            thread how many events it recorded and when its
//                                            last mark() was called (CLOCK_MONOTONIC ns, also
//                                            each event's "at" attribute), stored as soon as
//                                            mark() returns, so the killer can measure what a
//                                            kill lost; prints "ready" once recording started
//   recorder-probe load FILE -               removes ActivePrewarm from its environment (as iOS
//                                            does once an app finished launching), then records
//                                            one event and prints what the recorder read of it
//                                            before main(): "ActivePrewarm=VALUE", "=unset" or
//                                            "not read"
import Foundation
import LifelineRecorder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}
guard arguments.count >= 4 else {
    fail("usage: recorder-probe loop FILE THREADS | limited FILE EVENTS BYTES | counted FILE THREADS COUNTS | load FILE -")
}
/// CLOCK_MONOTONIC in nanoseconds: one clock for this process and the test that kills it.
@Sendable func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
let file = URL(fileURLWithPath: arguments[2])
var configuration = RecorderConfiguration()
configuration.flushInterval = 0.01

switch arguments[1] {
case "loop":
    let threads = Int(arguments[3]) ?? 2
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    // Some events on disk before "ready", whatever the machine's load: a killer that waits for it
    // finds a trace with events in it, not only a launch record (the workers may not have run yet).
    for index in 0..<64 { recorder.mark("probe.tick", session: "S0", attrs: ["index": .int(Int64(index)), "note": "before ready"]) }
    for worker in 0..<threads {
        Thread.detachNewThread {
            var index = 0
            while true {
                recorder.mark(
                    "probe.tick", session: "S\(worker)",
                    attrs: ["index": .int(Int64(index)), "note": "a \"quoted\" \\ string"])
                index += 1
                if index % 64 == 0 { usleep(50) }
            }
        }
    }
    recorder.flush()
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while true { sleep(1) }
case "limited":
    guard arguments.count >= 5, let events = Int(arguments[3]), let bytes = Int(arguments[4]) else {
        fail("usage: recorder-probe limited FILE EVENTS BYTES")
    }
    // Past the limit, write(2) fails with EFBIG instead of raising SIGXFSZ.
    signal(SIGXFSZ, SIG_IGN)
    var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
    #if canImport(Glibc)
    setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
    #else
    setrlimit(RLIMIT_FSIZE, &limit)
    #endif
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    for index in 0..<events {
        recorder.mark("probe.tick", attrs: ["index": .int(Int64(index))])
        if index % 100 == 0 { usleep(200) }
    }
    recorder.close()
    FileHandle.standardOutput.write(Data("dropped=\(recorder.droppedCount)\n".utf8))
case "counted":
    guard arguments.count >= 5, let threads = Int(arguments[3]), threads > 0 else {
        fail("usage: recorder-probe counted FILE THREADS COUNTS")
    }
    let counts = arguments[4]
    let descriptor = open(counts, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    let size = (1 + threads * 2) * 8
    guard descriptor >= 0, ftruncate(descriptor, off_t(size)) == 0 else { fail("cannot create \(counts)") }
    // Shared with the killer through the page cache: what is stored here survives SIGKILL.
    guard let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
        mapping != MAP_FAILED
    else { fail("cannot map \(counts)") }
    let slots = mapping.bindMemory(to: Int64.self, capacity: 1 + threads * 2)
    slots[0] = monotonicNanoseconds()
    let address = Int(bitPattern: slots)  // a pointer is not Sendable; its address is
    // The defaults (flush interval 0.25 s): the bound docs/recorder.md states is for them.
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: RecorderConfiguration())
    for worker in 0..<threads {
        Thread.detachNewThread {
            let slots = UnsafeMutablePointer<Int64>(bitPattern: address)!
            var index: Int64 = 0
            while true {
                let at = monotonicNanoseconds()
                recorder.mark("probe.tick", session: "T\(worker)", attrs: ["index": .int(index), "at": .int(at)])
                index += 1
                slots[1 + worker * 2 + 1] = at
                slots[1 + worker * 2] = index
                usleep(500)  // an app's pace, not a benchmark's: the buffer never fills
            }
        }
    }
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    while true { sleep(1) }
case "load":
    unsetenv("ActivePrewarm")
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    recorder.mark("probe.tick")
    recorder.close()
    switch ModuleLoad.activePrewarm {
    case .notRead: print("not read")
    case .read(let value): print("ActivePrewarm=\(value ?? "unset")")
    }
default:
    fail("unknown mode \(arguments[1])")
}
