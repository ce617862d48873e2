import Foundation
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineStore

// MARK: - Loading rules

extension CheckRun {
    /// Rules ready to check, and where each came from.
    package struct LoadedRules: Sendable {
        package var rules: RuleSet
        package var sources: [RuleSource]

        package init(rules: RuleSet, sources: [RuleSource]) {
            self.rules = rules
            self.sources = sources
        }
    }

    /// Loads rules from catalog names (`uikit-scene`, `uikit-app`) and `.rules` files or directories.
    ///
    /// With no specs: both built-in catalogs (each rule applies to launches of its
    /// life cycle) and every `*.rules` file in `rulesDirectory` if it exists (nil: none).
    package static func loadRules(_ specs: [String], rulesDirectory: String? = "rules") throws(CheckRunError) -> RuleSet {
        try load(specs, rulesDirectory: rulesDirectory).rules
    }

    /// ``loadRules(_:rulesDirectory:)`` with the source of every rule, for the report.
    ///
    /// `rulesDirectoryLabel` names the local rules files in diagnostics and findings when the
    /// directory was resolved elsewhere (the REPL's `rules/NAME.rules`, whatever its working directory).
    package static func load(
        _ specs: [String], rulesDirectory: String? = "rules", rulesDirectoryLabel: String? = nil
    ) throws(CheckRunError) -> LoadedRules {
        var loaded = LoadedRules(rules: RuleSet(), sources: [])
        var files: [(path: String, label: String?, kind: RuleSource.Kind)] = []
        if specs.isEmpty {
            for catalog in BuiltinCatalog.allCases { try add(catalog.rules, .builtin, catalog.rawValue, to: &loaded) }
            if let rulesDirectory {
                files = rulesFileNames(in: rulesDirectory).map { name in
                    (
                        (rulesDirectory as NSString).appendingPathComponent(name),
                        rulesDirectoryLabel.map { ($0 as NSString).appendingPathComponent(name) }, .local
                    )
                }
            }
        }
        for spec in specs {
            if let catalog = BuiltinCatalog(rawValue: spec) {
                try add(catalog.rules, .builtin, catalog.rawValue, to: &loaded)
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: spec, isDirectory: &isDirectory) else {
                let names = BuiltinCatalog.allCases.map(\.rawValue).joined(separator: ", ")
                throw CheckRunError(
                    .noSuchRules, Diagnostic(.error, file: spec, "no such rules file or catalog (catalogs: \(names))"))
            }
            guard isDirectory.boolValue else {
                files.append((spec, nil, .file))
                continue
            }
            let found = rulesFileNames(in: spec).map { (spec as NSString).appendingPathComponent($0) }
            if found.isEmpty {
                throw CheckRunError(.noRulesFiles, Diagnostic(.error, file: spec, "no rules files (*.rules) in this directory"))
            }
            files += found.map { ($0, nil, .file) }
        }
        for (file, label, kind) in files {
            try add(try loadFile(file, label: label), kind, label ?? file, to: &loaded)
        }
        return loaded
    }

    /// Parses one rules file; `label` (default: `path`) is how diagnostics and findings name it.
    ///
    /// For a caller that resolves paths itself, such as the REPL's `.load` and `.check FILE`.
    package static func loadFile(_ path: String, label: String? = nil) throws(CheckRunError) -> RuleSet {
        do throws(RuleSetError) {
            return try RuleSet(contentsOf: path, label: label)
        } catch {
            throw CheckRunError(.invalidRules, diagnostics: error.diagnostics, ruleSetError: error)
        }
    }

    /// Adds `other` to `rules`; an id defined twice is an error located at the second definition.
    package static func merge(_ other: RuleSet, into rules: inout RuleSet) throws(CheckRunError) {
        do throws(RuleSetError) {
            try rules.merge(other)
        } catch {
            throw CheckRunError(.invalidRules, diagnostics: error.diagnostics, ruleSetError: error)
        }
    }

    static func add(
        _ other: RuleSet, _ kind: RuleSource.Kind, _ name: String, to loaded: inout LoadedRules
    )
        throws(CheckRunError)
    {
        try merge(other, into: &loaded.rules)
        loaded.sources.append(RuleSource(kind, name: name, ruleCount: other.rules.count))
    }

    /// The names of the `*.rules` files in `directory`, sorted; none when it does not exist.
    package static func rulesFileNames(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".rules") }.sorted()
    }
}
