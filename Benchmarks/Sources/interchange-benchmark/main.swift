// `lifeline import` of the shapes docs/interchange.md describes, against the native importer on the same launches
// (docs/performance.md, "Import of other shapes").
//
//   interchange-benchmark generate DIR [--events N]
//       writes the same launches (TraceGenerator, seed 18) four ways: native.ndjson (trace format v1), console.log
//       (NSLog-prefixed `SceneDelegate - sceneDidBecomeActive(_:) <UIWindowScene: …>` lines, app events as
//       `db.open path=… pages=…`, a begin/end pair as one line), oslog.ndjson (the same messages as
//       `log stream --style ndjson` entries with the 22 members `log` prints: a backtrace of two frames, image UUIDs,
//       paths with `\/`, about 1 KB an entry) and
//       chrome.json (ChromeTraceEncoder, as `lifeline export --format chrome --no-check` writes it).
//   interchange-benchmark time DIR --lifeline [NAME=]PATH ... [--rounds N] [--shapes native,text,oslog,chrome]
//       imports each file into a fresh database with each binary, the binaries alternated round by round, under
//       /usr/bin/time; prints wall and CPU seconds (user + system), events/s and peak RSS per run, then the median
//       run of each and its ratio to the same binary's native import.
// Generation and timing are separate runs so that the timing process stays small (a child's peak RSS on Linux
// starts from its parent's at exec).
import BenchmarkSupport
import Foundation
import LifelineFormat

func say(_ line: String) {
    print(line)
    fflush(nil)
}

func usage() -> Never {
    say("usage: interchange-benchmark generate DIR [--events N]")
    say("       interchange-benchmark time DIR --lifeline [NAME=]PATH ... [--rounds N] [--shapes native,text,oslog,chrome]")
    exit(2)
}

/// A file written in 4 MB pieces.
struct Output {
    let handle: FileHandle
    var bytes: [UInt8] = []

    init(_ path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func flush(force: Bool = false) throws {
        guard force || bytes.count > 1 << 22 else { return }
        try handle.write(contentsOf: bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        try flush(force: true)
        try handle.close()
    }
}

// MARK: - Generating

/// The wall-clock text of `nanoseconds` since 2026-11-21 01:00:00 UTC, as NSLog and `log` print it.
func timestamp(_ nanoseconds: Int64) -> String {
    let micro = nanoseconds / 1000
    let seconds = micro / 1_000_000
    let fraction = String(micro % 1_000_000)
    let hour = 1 + seconds / 3600
    let minute = (seconds / 60) % 60
    let second = seconds % 60
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let day = 21 + hour / 24
    return "2026-11-\(two(day)) \(two(hour % 24)):\(two(minute)):\(two(second))."
        + String(repeating: "0", count: 6 - fraction.count) + fraction + "+0000"
}

/// The message an app would log for `event`: nil for the end of a pair (the pair is one line).
func message(_ event: EventRecord, uuid: String) -> String? {
    guard event.phase != .end else { return nil }
    if let callback = event.event.callback {
        let owner = callback.scope == .scene ? "SceneDelegate" : "AppDelegate"
        var text = "\(owner) - \(callback.name)"
        if let scene = event.scene {
            text +=
                " <UIWindowScene: \(scene); role: UIWindowSceneSessionRoleApplication; persistentIdentifier: \(event.session ?? uuid);"
                + " activationState: UISceneActivationStateForegroundActive>"
        }
        return text
    }
    var text = event.event.name
    for key in event.attrs.keys.sorted() {
        switch event.attrs[key] {
        case .int(let value)?: text += " \(key)=\(value)"
        case .string(let value)?: text += " \(key)=\(value)"
        default: break
        }
    }
    return text
}

/// A JSON string as `log` writes it: `/` escaped as `\/`.
func jsonString(_ text: String) -> String {
    var bytes: [UInt8] = []
    TraceEncoder.string(text, &bytes)
    return String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "/", with: "\\/")
}

func generate(into directory: String, events target: Int) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    var native = try Output(directory + "/native.ndjson")
    var text = try Output(directory + "/console.log")
    var oslog = try Output(directory + "/oslog.ndjson")
    var launches: [InterchangeLaunch] = []
    var counts = (native: 0, text: 0, oslog: 0)
    var generator = TraceGenerator(seed: 18)
    var uuids = SplitMix64(seed: 18)
    func uuid() -> String {
        let high = uuids.next()
        let low = uuids.next()
        func hex(_ value: UInt64, _ digits: Int) -> String {
            let text = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return hex(high >> 32, 8) + "-" + hex((high >> 16) & 0xFFFF, 4) + "-" + hex(high & 0xFFFF, 4) + "-" + hex(low >> 48, 4) + "-"
            + hex(low & 0xFFFF_FFFF_FFFF, 12)
    }
    let appUUID = uuid()
    let uikitUUID = uuid()
    let containerUUID = uuid()
    let appPath = "/private/var/containers/Bundle/Application/\(containerUUID)/Notes.app/Notes"
    let uikitPath = "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"
    var base: Int64 = 0
    var traceID: UInt64 = 41_686_512_124_039_172
    generator.generate(
        events: target,
        launch: { _, record in
            TraceEncoder.append(record, to: &native.bytes)
            launches.append(InterchangeLaunch(record: record, line: 0))
            if let last = launches.dropLast().last?.events.last { base += last.t + 1_000_000_000 }
        },
        event: { index, event in
            TraceEncoder.append(event, to: &native.bytes)
            counts.native += 1
            launches[launches.count - 1].append(event, line: 0)
            let pid = 1000 + index
            let thread = 0x1A2B3 + index % 7
            if let line = message(event, uuid: appUUID) {
                let time = timestamp(base + event.t)
                text.append("\(time) Notes[\(pid):\(String(thread, radix: 16))] \(line)\n")
                counts.text += 1
                traceID &+= 4096
                let frames = (0..<2).map { frame in
                    "{\"imageOffset\":\(48212 + frame * 1337),\"imageUUID\":\"\(frame == 0 ? appUUID : uikitUUID)\"}"
                }
                oslog.append(
                    "{\"traceID\":\(traceID),\"eventMessage\":\(jsonString(line)),\"eventType\":\"logEvent\",\"source\":null,"
                        + "\"formatString\":\"%{public}s\",\"activityIdentifier\":0,\"subsystem\":\"com.example.notes\","
                        + "\"category\":\"lifecycle\",\"threadID\":\(thread),\"senderImageUUID\":\"\(appUUID)\","
                        + "\"backtrace\":{\"frames\":[\(frames.joined(separator: ","))]},\"bootUUID\":\"\(uikitUUID)\","
                        + "\"processImagePath\":\(jsonString(appPath)),\"timestamp\":\"\(time)\","
                        + "\"senderImagePath\":\(jsonString(uikitPath)),\"machTimestamp\":\(2_811_505_129_001 + base + event.t),"
                        + "\"processImageUUID\":\"\(appUUID)\",\"processID\":\(pid),\"senderProgramCounter\":48212,"
                        + "\"parentActivityIdentifier\":0,\"timezoneName\":\"\"}\n")
                counts.oslog += 1
            }
            try? native.flush()
            try? text.flush()
            try? oslog.flush()
        })
    try native.close()
    try text.close()
    try oslog.close()
    let chrome = ChromeTraceEncoder.encode(launches)
    guard FileManager.default.createFile(atPath: directory + "/chrome.json", contents: Data(chrome)) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory + "/chrome.json"])
    }
    func size(_ name: String) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int) ?? 0
        return "\(bytes / 1_000_000) MB"
    }
    say("\(launches.count) launches")
    say("native.ndjson  \(size("native.ndjson"))  \(counts.native) events")
    say("console.log    \(size("console.log"))  \(counts.text) lines")
    say("oslog.ndjson   \(size("oslog.ndjson"))  \(counts.oslog) entries")
    say("chrome.json    \(size("chrome.json"))  \(counts.native) events")
}

// MARK: - Timing

/// One import: wall and CPU seconds, peak RSS, and the events it reported.
struct Run {
    var wall: Double
    var cpu: Double
    var rssMB: Double
    var events: Int
}

/// Imports `file` into a fresh database with `lifeline` under /usr/bin/time.
func importOnce(_ lifeline: String, _ file: String, shape: String, directory: String) throws -> Run {
    let database = directory + "/bench-\(getpid()).db"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) } }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %U %S %M", lifeline, "import", file, "--db", database, "--from", shape]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let timing = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = (timing.split(separator: "\n").last ?? "").split(separator: " ").compactMap { Double($0) }
    guard process.terminationStatus == 0, fields.count == 4 else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(lifeline) import \(file) failed:\n\(printed)\(timing)"])
    }
    // The summary line says "N events" (the first number before " events").
    var events = 0
    if let range = printed.range(of: " events") {
        let digits = printed[..<range.lowerBound].reversed().prefix { $0.isNumber || $0 == "," }
        events = Int(String(digits.reversed()).replacingOccurrences(of: ",", with: "")) ?? 0
    }
    return Run(wall: fields[0], cpu: fields[1] + fields[2], rssMB: fields[3] / 1024, events: events)
}

func time(_ directory: String, binaries: [(name: String, path: String)], rounds: Int, shapes: [String]) throws {
    let files = ["native": "native.ndjson", "text": "console.log", "oslog": "oslog.ndjson", "chrome": "chrome.json"]
    var runs: [String: [Run]] = [:]
    let load =
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    say("load average at start: \(load)")
    for round in 1...rounds {
        for binary in binaries {
            for shape in shapes {
                guard let file = files[shape] else { usage() }
                let run = try importOnce(binary.path, directory + "/" + file, shape: shape, directory: directory)
                runs[binary.name + " " + shape, default: []].append(run)
                say(
                    String(
                        format: "round %d %@ %@: wall %.2f s, CPU %.2f s, %d events, %.0f events/s wall, %.0f per CPU s, RSS %.0f MB",
                        round, binary.name, shape, run.wall, run.cpu, run.events, Double(run.events) / run.wall,
                        Double(run.events) / run.cpu, run.rssMB))
            }
        }
    }
    let end = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
    say("load average at end: \(end)")
    say("")
    say(
        "binary shape: median wall s [range], median CPU s [range], events/s wall, events per CPU s, max RSS MB; against native (wall / CPU)"
    )
    for binary in binaries {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let native = runs[binary.name + " native"]
        for shape in shapes {
            guard let list = runs[binary.name + " " + shape], let events = list.first?.events else { continue }
            let wall = median(list.map(\.wall))
            let cpu = median(list.map(\.cpu))
            var line = String(
                format: "%@ %@: %.2f [%.2f–%.2f], %.2f [%.2f–%.2f], %.0f, %.0f, %.0f", binary.name, shape, wall,
                list.map(\.wall).min() ?? 0,
                list.map(\.wall).max() ?? 0, cpu, list.map(\.cpu).min() ?? 0, list.map(\.cpu).max() ?? 0, Double(events) / wall,
                Double(events) / cpu, list.map(\.rssMB).max() ?? 0)
            if let native, let nativeEvents = native.first?.events, shape != "native" {
                let nativeWallRate = Double(nativeEvents) / median(native.map(\.wall))
                let nativeCPURate = Double(nativeEvents) / median(native.map(\.cpu))
                line += String(
                    format: "; %.2f× / %.2f× slower", nativeWallRate / (Double(events) / wall), nativeCPURate / (Double(events) / cpu))
            }
            say(line)
        }
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { usage() }
let mode = arguments.removeFirst()
let directory = arguments.removeFirst()
var events = 750_000
var rounds = 3
var binaries: [(name: String, path: String)] = []
var shapes = ["native", "text", "oslog", "chrome"]
var iterator = arguments.makeIterator()
while let argument = iterator.next() {
    switch argument {
    case "--events": events = Int(iterator.next() ?? "") ?? events
    case "--rounds": rounds = max(1, Int(iterator.next() ?? "") ?? rounds)
    case "--shapes": shapes = (iterator.next() ?? "").split(separator: ",").map(String.init)
    case "--lifeline":
        guard let value = iterator.next() else { usage() }
        if let equals = value.firstIndex(of: "=") {
            binaries.append((String(value[..<equals]), String(value[value.index(after: equals)...])))
        } else {
            binaries.append((value, value))
        }
    default: usage()
    }
}
switch mode {
case "generate": try generate(into: directory, events: events)
case "time":
    guard !binaries.isEmpty else { usage() }
    try time(directory, binaries: binaries, rounds: rounds, shapes: shapes)
default: usage()
}
