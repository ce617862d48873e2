import Foundation
import LifelineCheck
import LifelineCore
import LifelineReports
import LifelineRules
import LifelineStore
import LifelineSupport
import LifelineTerminal

// MARK: - Rules: loading, checking, explaining

extension ReplShell {
    /// The rules `lifeline check` uses by default: both built-in catalogs and every `rules/*.rules`.
    ///
    /// Files are named as the user would type them (`rules/app.rules`, relative to the shell's
    /// directory), so diagnostics and findings point at them.
    func defaultRules() throws(ReplError) -> RuleSet {
        do throws(CheckRunError) {
            return try CheckRun.load([], rulesDirectory: configuration.resolve("rules"), rulesDirectoryLabel: "rules").rules
        } catch {
            throw Self.replError(error)
        }
    }

    /// The loaded rules, loading the defaults first if they have not loaded yet.
    func availableRules() throws(ReplError) -> RuleSet {
        if let loadedRules { return loadedRules }
        let rules = try defaultRules()
        loadedRules = rules
        return rules
    }

    /// Parses the rules file at `path` (as typed); a file that does not parse is an error located in it.
    func rulesFile(_ path: String) throws(ReplError) -> RuleSet {
        let resolved = configuration.resolve(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
            throw .cannotOpen(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw .cannotOpen(path: path, reason: "it is a directory; give a .rules file") }
        do throws(CheckRunError) {
            return try CheckRun.loadFile(resolved, label: path)
        } catch {
            throw Self.replError(error)
        }
    }

    /// Adds rules to a set; an id defined twice is an error located at the second definition.
    private func merge(_ other: RuleSet, into rules: inout RuleSet) throws(ReplError) {
        do throws(CheckRunError) {
            try CheckRun.merge(other, into: &rules)
        } catch {
            throw Self.replError(error)
        }
    }

    /// Rules that did not load, as the shell shows them: a file it cannot open as such, the rest
    /// as located diagnostics with their caret excerpts.
    private static func replError(_ error: CheckRunError) -> ReplError {
        switch error.ruleSetError {
        case .unreadable(let path, let reason)?: .cannotOpen(path: path, reason: reason)
        case let ruleSetError?: .located(ruleSetError.diagnostics)
        case nil: .located(error.diagnostics)
        }
    }

    // MARK: - .load

    /// Adds the rules of a file to the loaded rules, replacing those an earlier `.load` of the same file added
    /// (so editing a file and loading it again picks up the change).
    func loadRules(from path: String) throws {
        let base = try availableRules()
        let added = try rulesFile(path)
        let key = canonicalPath(path)
        var rules = RuleSet(base.rules.filter { $0.file.hasPrefix("builtin:") || canonicalPath($0.file) != key })
        let replaced = base.rules.count - rules.rules.count
        try merge(added, into: &rules)
        loadedRules = rules
        let ids = added.rules.map(\.id).joined(separator: ", ")
        write(
            "\(replaced > 0 ? "reloaded" : "loaded") \(Self.counted(added.rules.count, "rule", "rules")) from "
                + TerminalText.escape(path) + (ids.isEmpty ? "" : ": " + TerminalText.escape(ids)) + "\n")
    }

    private func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: configuration.resolve(path)).standardizedFileURL.path
    }

    // MARK: - .rules

    /// Lists the loaded rules as `lifeline rules` does: the catalogs, then each file's rules.
    func listRules() throws {
        let listing = RuleListing.render(try availableRules(), verbose: false)
        for line in listing.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let escaped = TerminalText.escape(String(line))
            write((width.map { TerminalText.truncate(escaped, to: $0) } ?? escaped) + "\n")
        }
    }

    // MARK: - .check

    /// The rules `.check` arguments name: catalogs, rules files, and ids of loaded rules; all loaded rules for none.
    func selectRules(_ arguments: [String]) throws -> RuleSet {
        guard !arguments.isEmpty else { return try availableRules() }
        var selected = RuleSet()
        for argument in arguments {
            let rules: RuleSet
            if let catalog = BuiltinCatalog(rawValue: argument) {
                rules = catalog.rules
            } else if argument.contains("/") || argument.hasSuffix(".rules") {
                rules = try rulesFile(argument)
            } else if let rule = try availableRules().rules.first(where: { $0.id == argument }) {
                rules = RuleSet([rule])
            } else if FileManager.default.fileExists(atPath: configuration.resolve(argument)) {
                rules = try rulesFile(argument)
            } else {
                let names = try availableRules().rules.map(\.id) + BuiltinCatalog.allCases.map(\.rawValue)
                let suggestion = EditDistance.nearest(to: argument, in: names)
                throw ReplError.message(
                    "no rule, catalog or rules file '\(argument)'"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; .rules lists them"))
            }
            // Naming a rule and its catalog checks it once.
            try merge(RuleSet(rules.rules.filter { !selected.rules.contains($0) }), into: &selected)
        }
        return selected
    }

    /// Checks the database against `rules`, stores the findings in its `violation` table and lists them.
    ///
    /// The one write of a check goes through the shell's writable store: the database is opened
    /// writable once, read and written through it, and reopened read-only.
    func check(_ rules: RuleSet) throws {
        let path = configuration.resolve(configuration.databasePath)
        switch try database.session.contents() {
        case .lifeline: break
        case .foreign: throw ReplError.message(".check: \(configuration.databasePath) is not a Lifeline database; not writing to it")
        case .empty: throw ReplError.message(".check: the database has no launches; .import some traces")
        }
        if let reason = Self.unwritable(path) {
            throw ReplError.message(
                ".check: \(configuration.databasePath) is \(reason), and .check writes what it "
                    + "finds to the database's 'violation' table; check a writable copy")
        }
        let report = try withWritableStore { store in
            do throws(CheckRunError) {
                return try CheckRun.check(store, rules: rules)
            } catch {
                throw ReplError.message(".check: \(error.description)")
            }
        }
        checkState = .checked(report)
        try listFindings(.session(report))
    }

    /// The findings `.violations` and `.why` work on: this session's last check, else the one the
    /// database's `violation` table holds (read anew each time: another process may check meanwhile).
    func shownCheck(for command: String) throws -> ShownCheck {
        switch checkState {
        case .checked(let report): return .session(report)
        case .outdated: throw ReplError.message("\(command): .import changed the database since the last check; .check again")
        case .unchecked:
            let rules = loadedRules
            let stored = try read { session -> (StoredCheck, [Finding])? in
                guard let stored = try session.storedCheck() else { return nil }
                let findings = stored.violations.map { violation in
                    CheckRun.finding(from: violation, rules: rules) { seq, file, line in
                        let launch = try? session.launchID(file: file, line: line)
                        let phase = launch.flatMap { $0 }.flatMap { try? session.eventPhase(launchID: $0, seq: seq) }
                        return phase.flatMap { LifelineCore.Phase(rawValue: $0) } ?? .instant
                    }
                }
                return (stored, findings)
            }
            guard let stored else {
                throw ReplError.message(
                    "\(command): no check yet (the database holds no findings: no check ran on it, or the last found none); .check runs one"
                )
            }
            return .stored(stored.0, stored.1)
        }
    }

    /// Why the file cannot be written, or nil: no write permission, for anyone (so not even root
    /// writes a file its owner marked read-only), or for this process.
    static func unwritable(_ path: String) -> String? {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int ?? 0o644
        if permissions & 0o222 == 0 { return "read-only (no write permission)" }
        if !FileManager.default.isWritableFile(atPath: path) { return "not writable by you" }
        return nil
    }

    /// The numbered findings of a check, then its summary line; a stored check's after when it ran
    /// and which rules they are of.
    func listFindings(_ check: ShownCheck) throws {
        if case .session(let report) = check {
            for diagnostic in report.diagnostics { write(diagnostic) }
        }
        if case .stored(let stored, let findings) = check {
            let rules = Set(findings.map(\.ruleID)).sorted()
            write(
                TerminalText.escape(
                    "last check: \(stored.checkedAt), stored in the database: \(Self.counted(findings.count, "finding", "findings")) of "
                        + "\(Self.counted(rules.count, "rule", "rules")) (\(rules.joined(separator: ", ")))") + "\n")
        }
        let findings = check.findings
        if !findings.isEmpty {
            let listing = try read { session in try LifecycleListing.findings(findings, session) }
            // Explanations are long: let the terminal's width, not the usual cap, decide where they end.
            printListing(listing, maxColumnWidth: .max)
        }
        switch check {
        case .session(let report):
            for group in report.notApplicableGroups { write(TerminalText.escape(group.headline) + "\n") }
            write(TerminalText.escape(report.summaryLine) + "\n")
        case .stored(let stored, _):
            if stored.importedSince {
                write("(traces were imported after this check: their launches are not in it; .check again)\n")
            }
        }
        if !findings.isEmpty {
            write("(.why N shows one in its timeline; SQL sees them in the violation table)\n")
        }
    }

    // MARK: - .explain

    /// A finding as `lifeline check` prints it, then its witness events in the timeline of its session.
    func explain(_ finding: Finding) throws {
        let text = finding.explained.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escape(String($0)) }.joined(separator: "\n")
        write(text + "\n")
        let excerpts = try read { session in try Timeline.excerpts(session, for: finding, context: 3) }
        guard !excerpts.isEmpty else {
            write("\n(its events are no longer in the database: .check again)\n")
            return
        }
        for excerpt in excerpts {
            write("\n" + TimelineRenderer(width: width, style: style, marked: Set(excerpt.marked)).render(excerpt.timeline))
        }
    }

    static func ids(of rules: RuleSet?) -> [String] {
        (rules ?? BuiltinCatalog.all).rules.map(\.id)
    }
}
