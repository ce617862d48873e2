import LifelineStore

/// The saved query `lifeline demo` prints: the store's compiled-in copy of `queries/time-to-active.sql`
/// (``SavedQuery/timeToActive``; a test keeps the two equal).
enum DemoQuery {
    static let name = SavedQuery.timeToActive.name
    static let sql = SavedQuery.timeToActive.sql
}
