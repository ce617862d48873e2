/// What the last `lifeline check` (or the REPL's `.check`) left in a database's `violation` table:
/// its findings in the order the checker proved them (row N is finding N), and when it ran.
package struct StoredCheck: Equatable, Sendable {
    /// When the check ran, as stored (ISO 8601, UTC).
    package var checkedAt: String
    package var violations: [StoredViolation]
    /// Each finding's launch (`launch.id`), as stored; nil for a finding of no launch.
    package var launchIDs: [Int64?]
    /// Whether a trace was imported after the check: its findings may miss the new launches.
    package var importedSince: Bool

    package init(checkedAt: String, violations: [StoredViolation], launchIDs: [Int64?], importedSince: Bool) {
        self.checkedAt = checkedAt
        self.violations = violations
        self.launchIDs = launchIDs
        self.importedSince = importedSince
    }
}
