/// Where a check's rules came from: a built-in catalog or a `.rules` file, with how many rules it gave.
///
/// Reports name every source, so the same command run from two directories (one with a
/// `./rules` directory, one without) cannot silently check different rules.
package struct RuleSource: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable {
        /// A catalog shipped with Lifeline (`uikit-scene`, `uikit-app`).
        case builtin
        /// A `.rules` file given with `--rules` (or inside a directory given with it).
        case file
        /// A `.rules` file found in the local `./rules` directory (`--no-local-rules` skips them).
        case local
    }

    package var kind: Kind
    /// The catalog name or the file's path.
    package var name: String
    package var ruleCount: Int

    package init(_ kind: Kind, name: String, ruleCount: Int) {
        self.kind = kind
        self.name = name
        self.ruleCount = ruleCount
    }

    /// `uikit-scene (built-in, 31 rules)`, `rules/app.rules (./rules, 2 rules)`.
    package var description: String {
        let origin: String
        switch kind {
        case .builtin: origin = "built-in"
        case .file: origin = "--rules"
        case .local: origin = "./rules"
        }
        return "\(name) (\(origin), \(ruleCount) rule\(ruleCount == 1 ? "" : "s"))"
    }
}
