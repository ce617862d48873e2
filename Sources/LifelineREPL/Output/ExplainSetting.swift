/// `.explain on|off|auto`, as in sqlite3: how `EXPLAIN` output prints.
enum ExplainSetting: String, Sendable {
    /// As ``auto``: sqlite3 3.53 made `.explain` automatic, and `on` one of its names.
    case on
    /// Results in the current mode, `EXPLAIN` and `EXPLAIN QUERY PLAN` included.
    case off
    /// `EXPLAIN` in ``ExplainPrinter``'s columns, `EXPLAIN QUERY PLAN` as a tree (the default).
    case auto
}
