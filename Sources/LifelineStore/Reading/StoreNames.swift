/// Names a person may type at the REPL, for tab completion: tables and views, their columns,
/// launch ids and session ids (at most 1,000 of each).
package struct StoreNames: Equatable, Sendable {
    package var tables: [String] = []
    package var columns: [String] = []
    package var launches: [String] = []
    package var sessions: [String] = []
}
