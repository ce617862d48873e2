import Foundation
import LifelineFormat
import LifelineSupport

// MARK: - Rule commands

extension ReplCommand {
    /// `.check`, `.violations`, `.why`, `.rules`, `.load` (`.explain` is a shell command that also takes N).
    static var rulesCommands: [ReplCommand] { [check, violations, why, rules, load] }

    static let check = ReplCommand(
        name: ".check", usage: "[RULE|CATALOG|FILE]...", summary: "Check the database against rules; list the violations",
        discussion: """
            With no arguments, the loaded rules (.rules lists them): the built-in catalogs, rules/*.rules and what
            .load added, as 'lifeline check' would. Otherwise only the rules named: a rule id, a catalog
            (uikit-scene, uikit-app, swiftui) or a .rules file, in any mix. Violations and pending findings (an
            obligation still open when the trace ended) are numbered for .explain. The findings replace the
            database's violation table (row id N is violation N), so the database is writable for this command.
            """,
        topic: .rules, completion: .union([.ruleIDs, .choices(["uikit-scene", "uikit-app"]), .filePaths])
    ) { shell, arguments in
        try shell.check(shell.selectRules(arguments))
    }

    static let violations = ReplCommand(
        name: ".violations", summary: "List the last check's violations again",
        discussion: """
            Numbered as .check listed them. In a new session, the findings the last check stored in the
            database (lifeline check DB, or .check in another session), with when it ran and which rules
            they are of. After an .import that changed the database the list is forgotten (its launches may
            have been re-imported): .check again.
            """,
        topic: .rules
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".violations", usage: "") }
        try shell.listFindings(shell.shownCheck(for: ".violations"))
    }

    static let why = ReplCommand(
        name: ".why", usage: "N", summary: "Show violation N with its events in the timeline",
        discussion: """
            What 'lifeline check' prints for it (the rule's message and reference, each witness event with
            its role, seq and file:line), then the timeline of its launch around the witnesses, which are
            marked '>': three rows either side, only its session's lane and the app's when the rule is per session.
            .explain N does the same.
            """,
        topic: .rules
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".why", usage: "N") }
        try shell.explain(shell.shownCheck(for: ".why").finding(arguments[0], for: ".why"))
    }

    static let explain = ReplCommand(
        name: ".explain", usage: "[on|off|auto|N]", summary: "Format EXPLAIN output as sqlite3 does; .explain N is .why N",
        discussion: """
            As in sqlite3 3.53: 'auto' (the default, and 'on') prints EXPLAIN in fixed columns, loops indented,
            and draws EXPLAIN QUERY PLAN as a tree; 'off' prints them like any result. With a number, shows that
            violation of the last check (.why N).
            """,
        topic: .shell, completion: .choices(["on", "off", "auto"])
    ) { shell, arguments in
        guard arguments.count <= 1 else { throw ReplError.usage(command: ".explain", usage: "[on|off|auto|N]") }
        guard let argument = arguments.first?.lowercased() else {
            shell.explain = .on
            return
        }
        if argument.first?.isNumber == true || argument.first == "-" {
            try shell.explain(shell.shownCheck(for: ".explain").finding(arguments[0], for: ".explain"))
            return
        }
        switch argument {
        case "auto": shell.explain = .auto
        case "on", "yes", "true": shell.explain = .on
        case "off", "no", "false": shell.explain = .off
        default:
            throw ReplError.invalidArgument(
                command: ".explain", argument: arguments[0], expected: "'on', 'off', 'auto' or a violation number")
        }
    }

    static let rules = ReplCommand(
        name: ".rules", summary: "List the loaded rules: ids, severities, slicing, messages",
        discussion: """
            The catalogs, then each file's rules, as 'lifeline rules' prints them. At start the shell loads
            the built-in catalogs and rules/*.rules; .load adds more. docs/rules.md describes the rule language.
            """,
        topic: .rules
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".rules", usage: "") }
        try shell.listRules()
    }

    static let load = ReplCommand(
        name: ".load", usage: "FILE", summary: "Load a rules file for .check",
        discussion: """
            Not sqlite3's .load: SQLite extensions are disabled, and a shared library (.so, .dylib, or an
            ELF or Mach-O file) is refused as one.
            Its rules join the loaded ones; loading a file again replaces its rules with what it holds now.
            A file that does not parse loads nothing and is reported with each problem located in it.
            """,
        topic: .rules, completion: .filePaths
    ) { shell, arguments in
        guard arguments.count == 1 else { throw ReplError.usage(command: ".load", usage: "FILE") }
        if Self.isSharedLibrary(shell.configuration.resolve(arguments[0])) {
            throw ReplError.message(
                ".load: '\(arguments[0])' is a shared library; SQLite extensions are disabled in the shell (.load loads rules files)")
        }
        try shell.loadRules(from: arguments[0])
    }
}

extension ReplCommand {
    /// Whether `path` is a shared library, as sqlite3's `.load` takes: named `.so`/`.dylib`/`.dll`, or
    /// starting with an ELF or Mach-O magic number.
    static func isSharedLibrary(_ path: String) -> Bool {
        let lowered = path.lowercased()
        if lowered.hasSuffix(".so") || lowered.hasSuffix(".dylib") || lowered.hasSuffix(".dll") {
            return true
        }
        guard InputFile(path: path) == .regular, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = Array((try? handle.read(upToCount: 4)) ?? Data())
        guard magic.count == 4 else { return false }
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46]
        let machO: [[UInt8]] = [
            [0xFE, 0xED, 0xFA, 0xCE], [0xFE, 0xED, 0xFA, 0xCF], [0xCE, 0xFA, 0xED, 0xFE], [0xCF, 0xFA, 0xED, 0xFE],
            [0xCA, 0xFE, 0xBA, 0xBE],
        ]
        return magic == elf || machO.contains(magic)
    }
}
