import GRDBSQLite

/// What SQLite itself says about SQL text and about itself, for the shell that splits, quotes
/// and reports it: the REPL asks here and imports no SQLite module of its own.
package enum SQLText {
    /// Whether `text` ends with a complete statement, as SQLite's own `sqlite3_complete` decides
    /// (a `;` outside strings, comments and trigger bodies). It scans the whole text.
    package static func isComplete(_ text: String) -> Bool {
        sqlite3_complete(text) != 0
    }

    /// Whether `name` is one of this SQLite's keywords (`sqlite3_keyword_check`), which an
    /// `INSERT` sqlite3 writes must quote.
    package static func isKeyword(_ name: String) -> Bool {
        sqlite3_keyword_check(name, Int32(clamping: name.utf8.count)) != 0
    }

    /// The linked SQLite's version and source id, as `sqlite3`'s `.version` prints them.
    package static var libraryVersion: String {
        String(cString: sqlite3_libversion()) + " " + String(cString: sqlite3_sourceid())
    }
}
