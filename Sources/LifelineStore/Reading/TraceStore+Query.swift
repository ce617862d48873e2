// MARK: - Running a query

extension TraceStore {
    /// Runs one read-only statement (a saved query) in a read transaction and returns all its rows.
    ///
    /// The transaction is read-only, so a statement that writes, or ends or nests the
    /// transaction, fails as an error and leaves the store as it was.
    package func query(_ sql: String) throws(StoreError) -> QueryResult {
        do {
            return try database.read { db in try StoreQueries.run(db, sql: sql) }
        } catch {
            throw Self.storeError(error, path: path)
        }
    }
}
