import LifelineFormat

/// Why a check could not run: rules that do not load, a database that cannot be read.
///
/// ``diagnostics`` locates each problem; `lifeline check` puts them in its report (in every
/// format) and exits with status 2. ``description`` is the compiler-style text.
public struct CheckRunError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// The problems, located; one unlocated error when the cause has no file.
    public var diagnostics: [FileDiagnostic]

    public init(_ description: String, diagnostics: [FileDiagnostic]) {
        self.description = description
        self.diagnostics = diagnostics
    }

    /// An error about one file.
    public init(_ diagnostic: FileDiagnostic) {
        self.init(diagnostic.description, diagnostics: [diagnostic])
    }
}
