import Foundation

/// The integration tier: end-to-end tests that need a program beyond Swift (a browser, a terminal
/// multiplexer, another SQLite shell, a schema validator).
///
/// `swift test` on a machine with only Swift runs every other test and skips these, each saying
/// which program it wants; `.ci/run` installs the programs and sets `LIFELINE_INTEGRATION=require`,
/// under which none is skipped and a missing program fails its test instead.
///
/// ```swift
/// @Suite(
///     "lifeline report in a browser",
///     .enabled(if: Integration.has("chromium"), Comment(rawValue: Integration.wants("chromium"))))
/// ```
public enum Integration {
    /// Whether every integration test must run (`LIFELINE_INTEGRATION=require`, as `.ci/run` sets it).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["LIFELINE_INTEGRATION"] == "require" }

    /// Whether the tests that need `programs` run: each is on `PATH` (or, given as a path, is an
    /// executable file there), or the tier is required.
    public static func has(_ programs: String...) -> Bool {
        isRequired || programs.allSatisfy(isInstalled)
    }

    /// Whether `/usr/bin/python3` imports `modules` (Debian's `python3-…` packages), or the tier is required.
    public static func hasPython(modules: String...) -> Bool {
        guard !isRequired else { return true }
        let python = "/usr/bin/python3"
        guard isInstalled(python) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import " + modules.joined(separator: ", ")]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Why a test of the tier was skipped: the programs it wants and how to get them.
    public static func wants(_ programs: String...) -> String {
        "integration tier: needs \(programs.joined(separator: ", ")) (README's prerequisites; "
            + ".ci/run installs them and runs these with LIFELINE_INTEGRATION=require)"
    }

    /// Whether `program` is an executable file: a path as it is, a name in one of `PATH`'s directories.
    static func isInstalled(_ program: String) -> Bool {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
