import GRDB

/// Stops the statement running on one connection (`sqlite3_interrupt`), from any thread.
///
/// A plain `Sendable` value, so a signal handler on another queue can hold it
/// while a query, an import or a check runs; the interrupted statement fails
/// with a ``StoreError`` of code ``StoreError/Code/interrupted``.
package struct StoreInterrupt: Sendable {
    private let reader: any DatabaseReader
    /// The database it interrupts, for the error.
    package let path: String

    /// A handle on `reader` (a store's pool, a session's queue, an in-memory queue in a test).
    package init(_ reader: any DatabaseReader, path: String) {
        self.reader = reader
        self.path = path
    }

    /// Interrupts the statement under way, if any; safe from any thread.
    package func interrupt() {
        reader.interrupt()
    }

    /// The error an interrupted command reports, whatever its work threw.
    package var error: StoreError {
        StoreError(.interrupted, path: path, message: "interrupted")
    }
}
