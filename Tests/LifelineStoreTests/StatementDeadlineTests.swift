import GRDB
import Testing

@testable import LifelineStore

/// ``StatementDeadline``: the shell's time limit on one statement.
@Suite("Statement deadline")
struct StatementDeadlineTests {
    static let runaway = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"

    static func queue(_ deadline: StatementDeadline) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in deadline.install(on: db) }
        return try DatabaseQueue(configuration: configuration)
    }

    @Test("an armed deadline stops a statement that never ends, as an interrupt it can tell from Ctrl-C")
    func stopsRunaway() throws {
        let deadline = StatementDeadline()
        let queue = try Self.queue(deadline)
        try queue.inDatabase { (db: Database) throws in
            deadline.arm(seconds: 0.05)
            defer { deadline.disarm() }
            let error = #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: Self.runaway) }
            #expect(error?.resultCode == .SQLITE_INTERRUPT)
            #expect(deadline.expired)
        }
        // The next statement starts with a fresh clock and runs.
        try queue.inDatabase { (db: Database) throws in
            deadline.arm(seconds: 60)
            defer { deadline.disarm() }
            let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 1000) SELECT count(*) FROM c"
            #expect(try Int.fetchOne(db, sql: sql) == 1000)
            #expect(!deadline.expired)
        }
    }

    @Test(
        "disarmed, or armed without seconds or with more than a lifetime, it stops nothing and overflows nothing",
        arguments: [nil, 1e300, Double.infinity, Double.nan] as [Double?])
    func unlimited(_ seconds: Double?) throws {
        let deadline = StatementDeadline()
        let queue = try Self.queue(deadline)
        try queue.inDatabase { (db: Database) throws in
            deadline.arm(seconds: seconds)
            defer { deadline.disarm() }
            let sql = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c WHERE x < 200000) SELECT count(*) FROM c"
            #expect(try Int.fetchOne(db, sql: sql) == 200_000)
            #expect(!deadline.expired)
        }
    }
}
