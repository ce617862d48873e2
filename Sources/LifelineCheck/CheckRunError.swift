import LifelineFormat
import LifelineRules

/// Why a check could not run: rules that do not load, a database that cannot be read.
///
/// ``code`` says what kind of problem it is and ``diagnostics`` locates each
/// one; `lifeline check` puts them in its report (in every format) and exits
/// with status 2. Its description is the diagnostics' compiler-style text, with
/// caret excerpts for rules that do not parse.
package struct CheckRunError: DiagnosticError, Sendable {
    /// What kind of problem this is, for code that reacts to some of them.
    package enum Code: String, Sendable, Hashable {
        /// A rules name that is neither a built-in catalog nor an existing file or directory.
        case noSuchRules
        /// A rules directory without `*.rules` files.
        case noRulesFiles
        /// A rules file that cannot be read or does not parse, or an id defined twice
        /// (``CheckRunError/ruleSetError`` says which).
        case invalidRules
        /// A database that cannot be opened or read, or whose findings cannot be stored.
        case database
        /// A check that ran but met input errors (its report's diagnostics), where the caller
        /// cannot go on with a partial result (the demo).
        case inputErrors
    }

    package var code: Code
    /// The problems, located; one unlocated error when the cause has no file.
    package var diagnostics: [Diagnostic]
    /// Why rules did not load, for a caller that shows it its own way (the REPL keeps the caret excerpts).
    package var ruleSetError: RuleSetError?

    package init(_ code: Code, diagnostics: [Diagnostic], ruleSetError: RuleSetError? = nil) {
        self.code = code
        self.diagnostics = diagnostics
        self.ruleSetError = ruleSetError
    }

    /// An error about one file.
    package init(_ code: Code, _ diagnostic: Diagnostic) {
        self.init(code, diagnostics: [diagnostic])
    }
}
