// A process for the recorder tests to kill: records from several threads
// until killed, printing the trace path and "ready" once lines are on disk.
import Foundation
import LifelineFormat
import LifelineRecorder

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: recorder-probe FILE [THREADS]\n".utf8))
    exit(2)
}
let threads = arguments.count > 2 ? Int(arguments[2]) ?? 2 : 2
var configuration = RecorderConfiguration()
configuration.flushInterval = 0.01
let recorder = try Recorder(file: URL(fileURLWithPath: arguments[1]), launch: .current(lifecycle: .scene),
                            configuration: configuration)
for worker in 0..<threads {
    Thread.detachNewThread {
        var index = 0
        while true {
            recorder.mark("probe.tick", session: "S\(worker)",
                          attrs: ["index": .int(Int64(index)), "note": "a string with \"quotes\" and \\ backslash"])
            index += 1
            if index % 64 == 0 { usleep(50) }
        }
    }
}
recorder.flush()
FileHandle.standardOutput.write(Data("ready\n".utf8))
while true { sleep(1) }
