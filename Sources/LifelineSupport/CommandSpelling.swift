import Foundation

/// How a person at this shell runs the executable that is running now: `lifeline` when that
/// name on `PATH` is this very file, else its path (relative to the current directory when it
/// lies below it), so a "Next: …" line can be pasted as printed.
///
/// ```swift
/// CommandSpelling.current(named: "lifeline")   // "lifeline", or ".build/release/lifeline" after `swift run`
/// ```
package enum CommandSpelling {
    /// The spelling for the running executable.
    package static func current(named name: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        return spelling(
            executable: Bundle.main.executablePath ?? CommandLine.arguments[0], named: name, path: environment["PATH"],
            currentDirectory: FileManager.default.currentDirectoryPath)
    }

    /// The spelling for `executable` given a `PATH` and a current directory: `name` when the first
    /// `name` on `path` is the same file (after symbolic links), else `executable`'s path, relative
    /// to `currentDirectory` when inside it.
    package static func spelling(executable: String, named name: String, path: String?, currentDirectory: String) -> String {
        let target = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        for directory in (path ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            // The first one on PATH is what the shell runs; it is ours or it is not.
            return candidate.resolvingSymlinksInPath().path == target ? name : relative(target, to: currentDirectory)
        }
        return relative(target, to: currentDirectory)
    }

    private static func relative(_ path: String, to directory: String) -> String {
        let base = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard base != "/", path.hasPrefix(base + "/") else { return path }
        let rest = String(path.dropFirst(base.count + 1))
        // A word without a slash is looked up on PATH by the shell: name the current directory.
        return rest.contains("/") ? rest : "./" + rest
    }
}
