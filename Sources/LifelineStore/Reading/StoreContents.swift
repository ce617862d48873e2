/// What a database file holds, as far as a command that writes to it cares.
package enum StoreContents: Sendable {
    /// Lifeline's tables.
    case lifeline
    /// Nothing yet: a write creates Lifeline's tables.
    case empty
    /// Another program's tables: commands must not write to it.
    case foreign
}
