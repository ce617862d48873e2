import Foundation
import Testing

/// End to end: `lifeline pull --simulator` against a stand-in `xcrun` on `PATH` that answers
/// `simctl get_app_container` as Xcode's does (the container path on standard output; simctl's
/// error text and a non-zero status for an app that is not installed or an unknown device).
@Suite("lifeline pull --simulator")
struct PullCommandTests {
    /// A directory with `bin/xcrun` (the stand-in) and `container/` (the app's data container).
    static func fixture() throws -> URL {
        let directory = try LifelineCommandTests.temporaryDirectory()
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let xcrun = bin.appendingPathComponent("xcrun")
        try """
        #!/bin/sh
        if [ "$1 $2" != "simctl get_app_container" ]; then
            echo "xcrun: error: unable to find utility \\"$1\\", not a developer tool or in PATH" >&2; exit 72
        fi
        case "$3" in booted|7A1C0DE5-0000-4000-8000-000000000001) ;; *) echo "Invalid device: $3" >&2; exit 148;; esac
        if [ "$4" = com.example.Notes ] && [ "$5" = data ]; then echo "$CONTAINER"; exit 0; fi
        echo "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):" >&2
        echo "Failed to get the data container for $4" >&2
        exit 2

        """.write(to: xcrun, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xcrun.path)
        let container = directory.appendingPathComponent("container")
        for folder in ["tmp/lifeline", "Library/Caches/lifeline", "Documents"] {
            try FileManager.default.createDirectory(at: container.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let traces = CheckCommandTests.repository.appendingPathComponent("traces")
        try FileManager.default.copyItem(
            at: traces.appendingPathComponent("cold-launch.ndjson"),
            to: container.appendingPathComponent("tmp/lifeline/cold-launch.ndjson"))
        try FileManager.default.copyItem(
            at: traces.appendingPathComponent("bug-wrong-order.ndjson"),
            to: container.appendingPathComponent("Library/Caches/lifeline/bug-wrong-order.ndjson"))
        // Not traces: NDJSON of something else, and a property list.
        try #"{"kind":"analytics"}"#.appending("\n").write(
            to: container.appendingPathComponent("Documents/events.ndjson"), atomically: true, encoding: .utf8)
        try "<plist/>".write(to: container.appendingPathComponent("Documents/prefs.plist"), atomically: true, encoding: .utf8)
        return directory
    }

    static func environment(_ directory: URL, path: String? = nil) -> [String: String] {
        [
            "CONTAINER": directory.appendingPathComponent("container").path,
            "PATH": path ?? directory.appendingPathComponent("bin").path + ":/usr/bin:/bin",
        ]
    }

    @Test func itCopiesEveryTraceInTheContainerAndTheCopiesCheckAsTheOriginals() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Notes", "-o", "pulled"], in: directory, environment: Self.environment(directory))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(
            run.stdout.hasPrefix(
                "pulled/Library/Caches/lifeline/bug-wrong-order.ndjson ("
                    + "\(try Self.size("Library/Caches/lifeline/bug-wrong-order.ndjson", directory))"
                    + " bytes)\npulled/tmp/lifeline/cold-launch.ndjson ("))
        #expect(run.stdout.contains("pulled 2 trace files ("))
        #expect(run.stdout.hasSuffix("of com.example.Notes into pulled\nnext: lifeline check pulled\n"))
        let copied = directory.appendingPathComponent("pulled/tmp/lifeline/cold-launch.ndjson")
        #expect(
            FileManager.default.contents(atPath: copied.path)
                == FileManager.default.contents(atPath: directory.appendingPathComponent("container/tmp/lifeline/cold-launch.ndjson").path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pulled/Documents").path))
        // The pulled directory checks as the originals do: the wrong-order bug is found.
        let check = try LifelineCommandTests.run(["check", "pulled", "--no-local-rules"], in: directory)
        #expect(check.status == 1)
        #expect(check.stdout.contains("pulled/Library/Caches/lifeline/bug-wrong-order.ndjson:33: error[scene.connect-after-launch]"))
        // Pulling again copies nothing that is already there.
        let again = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Notes", "-o", "pulled"], in: directory, environment: Self.environment(directory))
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("pulled 0 trace files (0 bytes) of com.example.Notes into pulled; 2 already there\n"))
    }

    @Test func aDeviceAndADirectoryOfTheContainerCanBeNamed() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            [
                "pull", "--simulator", "com.example.Notes", "--device-id", "7A1C0DE5-0000-4000-8000-000000000001", "--path",
                "tmp/lifeline",
            ], in: directory, environment: Self.environment(directory))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("traces/com.example.Notes/cold-launch.ndjson ("))
        #expect(run.stdout.contains("pulled 1 trace file ("))
        let unknown = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Notes", "--device-id", "NOPE"], in: directory, environment: Self.environment(directory))
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr
                == "error: xcrun simctl get_app_container NOPE com.example.Notes data failed (exit status 148): Invalid device: NOPE\n")
    }

    @Test func anAppThatIsNotInstalledIsAnInputErrorInSimctlsWords() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Other"], in: directory, environment: Self.environment(directory))
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                error: xcrun simctl get_app_container booted com.example.Other data failed (exit status 2): An error was \
                encountered processing the command (domain=NSPOSIXErrorDomain, code=2): Failed to get the data container for \
                com.example.Other (is a simulator booted, and is com.example.Other installed on it?)

                """)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("traces").path))
    }

    @Test func withoutXcrunItSaysWhatItNeeds() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Notes"], in: directory,
            environment: Self.environment(directory, path: directory.appendingPathComponent("container").path))
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix("error: 'xcrun' is not on PATH: lifeline pull --simulator needs a Mac with Xcode's command-line tools"))
    }

    @Test func aContainerWithoutTracesIsAnInputError() throws {
        let directory = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try LifelineCommandTests.run(
            ["pull", "--simulator", "com.example.Notes", "--path", "Documents"], in: directory, environment: Self.environment(directory))
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: no Lifeline trace files in com.example.Notes's data container ("))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("traces").path))
    }

    static func size(_ path: String, _ directory: URL) throws -> Int {
        try #require(FileManager.default.contents(atPath: directory.appendingPathComponent("container/" + path).path)).count
    }
}
