import LifelineFormat

extension Diagnostic {
    /// Where a rules-file diagnostic points, as the parser's tests compare it.
    var location: SourceLocation? { line.map { SourceLocation(line: $0, column: column ?? 1) } }
}
