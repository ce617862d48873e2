import Foundation
import LifelineFormat

/// Copies the recorder's trace files out of a simulator app's data container (`lifeline pull --simulator`).
///
/// It asks Xcode where the app's data container is (`xcrun simctl get_app_container DEVICE BUNDLE
/// data`), finds the Lifeline traces in it — every `*.ndjson` or `*.jsonl` file whose first line is a
/// launch record, wherever the app's recorder writes (its `tmp/`, `Library/Caches/`, `Documents/`) —
/// and copies each to the destination under the same relative path. A copy is written beside its
/// destination and renamed into place, so an interrupted pull never leaves half a file; a file whose
/// bytes are already there is left alone, so pulling again copies only what the app wrote since.
///
/// ```swift
/// let pulled = try SimulatorPull(bundleID: "com.example.Notes", destination: "traces/notes").run()
/// // pulled.copied: [tmp/lifeline/notes.ndjson, ...]
/// ```
///
/// An app that is still running may be writing its current file: the copy holds the lines written
/// so far, and a torn last line is what `lifeline check --allow-skipped-lines` is for.
package struct SimulatorPull: Sendable {
    /// One trace file copied (or found unchanged).
    package struct File: Sendable, Hashable {
        /// Its path relative to the container (and to the destination).
        package var path: String
        package var bytes: Int
    }

    /// What a pull did.
    package struct Result: Sendable {
        /// The app's data container, as simctl named it.
        package var container: String
        package var copied: [File] = []
        /// Files already at the destination with the same bytes.
        package var unchanged: [File] = []
    }

    package var bundleID: String
    /// `booted` (the booted simulator; simctl's own choice when several are) or a device's UDID.
    package var device = "booted"
    package var destination: String
    /// A directory inside the container to search instead of the whole container.
    package var subpath: String?
    /// The environment whose `PATH` is searched for `xcrun`.
    package var environment: [String: String] = ProcessInfo.processInfo.environment

    package init(bundleID: String, device: String? = nil, destination: String, subpath: String? = nil) {
        self.bundleID = bundleID
        if let device { self.device = device }
        self.destination = destination
        self.subpath = subpath
    }

    package func run() throws(SimulatorPullError) -> Result {
        let container = try appContainer()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: container, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SimulatorPullError(
                .noContainer, "simctl named \(quoted(container)) as \(bundleID)'s data container, which is not a directory")
        }
        let root = subpath.map { (container as NSString).appendingPathComponent($0) } ?? container
        let traces = Self.traces(under: root)
        guard !traces.isEmpty else {
            throw SimulatorPullError(
                .noTraces,
                "no Lifeline trace files in \(bundleID)'s data container (\(root)): has the app run with LifelineRecorder, "
                    + "and does it write under this container? (docs/ci.md)")
        }
        var result = Result(container: container)
        for relative in traces {
            let source = (root as NSString).appendingPathComponent(relative)
            let target = (destination as NSString).appendingPathComponent(relative)
            guard let bytes = FileManager.default.contents(atPath: source) else {
                throw SimulatorPullError(.copyFailed, "cannot read \(source)")
            }
            let file = File(path: relative, bytes: bytes.count)
            if FileManager.default.contents(atPath: target) == bytes {
                result.unchanged.append(file)
                continue
            }
            do {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                // Written beside the target and renamed over it: a reader never sees half a file.
                let partial = (target as NSString).deletingLastPathComponent + "/." + (target as NSString).lastPathComponent + ".pulling"
                try bytes.write(to: URL(fileURLWithPath: partial))
                if rename(partial, target) != 0 {
                    let reason = String(cString: strerror(errno))
                    try? FileManager.default.removeItem(atPath: partial)
                    throw SimulatorPullError(.copyFailed, "cannot write \(target): \(reason)")
                }
            } catch let error as SimulatorPullError {
                throw error
            } catch {
                throw SimulatorPullError(.copyFailed, "cannot write \(target): \(error.localizedDescription)")
            }
            result.copied.append(file)
        }
        return result
    }

    /// Asks `xcrun simctl` for the app's data container.
    func appContainer() throws(SimulatorPullError) -> String {
        guard let xcrun = executable("xcrun") else {
            throw SimulatorPullError(
                .xcrunMissing,
                "'xcrun' is not on PATH: lifeline pull --simulator needs a Mac with Xcode's command-line tools "
                    + "(xcode-select --install); elsewhere, copy the trace files over and check them (docs/ci.md)")
        }
        let arguments = ["simctl", "get_app_container", device, bundleID, "data"]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xcrun)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw SimulatorPullError(.xcrunMissing, "cannot run \(xcrun): \(error.localizedDescription)")
        }
        // Read both pipes before waiting, so a chatty simctl cannot block on a full pipe.
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let command = "xcrun " + arguments.joined(separator: " ")
        guard process.terminationStatus == 0 else {
            let words = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                .replacingOccurrences(of: "\n", with: " ")
            throw SimulatorPullError(
                .simctlFailed,
                "\(command) failed (exit status \(process.terminationStatus))"
                    + (words.isEmpty ? "" : ": \(words)")
                    + (device == "booted" ? " (is a simulator booted, and is \(bundleID) installed on it?)" : ""))
        }
        let container = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !container.isEmpty, !container.contains("\n") else {
            throw SimulatorPullError(.simctlFailed, "\(command) printed no single container path")
        }
        return container
    }

    /// The first executable named `name` on `PATH`.
    func executable(_ name: String) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            let path = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The Lifeline trace files under `root`, relative to it, sorted: regular `*.ndjson`/`*.jsonl`
    /// files whose first line is a launch record. Symbolic links are not followed.
    static func traces(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".ndjson") || relative.hasSuffix(".jsonl"),
                walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular
            else { continue }
            if startsWithLaunchRecord((root as NSString).appendingPathComponent(relative)) { found.append(relative) }
        }
        return found.sorted()
    }

    /// Whether the file's first line is a launch record (read from at most its first 64 KiB).
    static func startsWithLaunchRecord(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 65_536) else { return false }
        let line = head.prefix { $0 != 0x0A && $0 != 0x0D }
        var scanner = TraceLineScanner()
        return Array(line).withUnsafeBytes { bytes in
            (try? scanner.scan(bytes, lineNumber: 1))?.kind == .launch
        }
    }

    private func quoted(_ text: String) -> String { "'\(text)'" }
}
