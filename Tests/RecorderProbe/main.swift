// A real process for the recorder tests to stress:
//
//   recorder-probe loop FILE THREADS         records from THREADS threads until killed;
//                                            prints "ready" once lines are on disk
//   recorder-probe limited FILE EVENTS BYTES records EVENTS events while the OS refuses
//                                            to let the file grow past BYTES (a full disk),
//                                            then prints "dropped=N" and exits 0
import Foundation
import LifelineFormat
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
guard arguments.count >= 4 else { fail("usage: recorder-probe loop FILE THREADS | limited FILE EVENTS BYTES") }
let file = URL(fileURLWithPath: arguments[2])
var configuration = RecorderConfiguration()
configuration.flushInterval = 0.01

switch arguments[1] {
case "loop":
    let threads = Int(arguments[3]) ?? 2
    let recorder = try Recorder(file: file, launch: .current(lifecycle: .scene), configuration: configuration)
    for worker in 0..<threads {
        Thread.detachNewThread {
            var index = 0
            while true {
                recorder.mark("probe.tick", session: "S\(worker)",
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
default:
    fail("unknown mode \(arguments[1])")
}
