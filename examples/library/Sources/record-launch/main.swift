import Foundation
import LifelineRecorder

// Records what an app's delegates would record during a cold launch with one scene, into the file named
// on the command line, the way docs/recorder.md shows it (here without UIKit: the session and scene are
// strings, as `record(_:phase:session:scene:attrs:)` takes them on every platform).
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: record-launch OUT.ndjson\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: CommandLine.arguments[1])
try? FileManager.default.removeItem(at: output)

let recorder: Recorder
do {
    recorder = try Recorder(file: output, launch: LaunchRecord(app: "com.example.notes", lifecycle: .scene))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
let session = "S1"
let scene = "0x600001"
recorder.span(.didFinishLaunching) {
    recorder.mark("db.open")
}
recorder.record(.configurationForConnecting, session: session)
recorder.record(.willConnectTo, session: session, scene: scene, attrs: ["role": "UIWindowSceneSessionRoleApplication"])
recorder.record(.sceneWillEnterForeground, session: session, scene: scene)
recorder.record(.sceneDidBecomeActive, session: session, scene: scene)
recorder.record(.sceneWillResignActive, session: session, scene: scene)
recorder.span(.sceneDidEnterBackground, session: session, scene: scene) {
    recorder.span("state.save", session: session) {}
}
recorder.flush()
recorder.close()
print("recorded \(output.path) (\(recorder.droppedCount) events dropped)")
