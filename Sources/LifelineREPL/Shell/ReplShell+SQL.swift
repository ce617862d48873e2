import CSQLite
import Foundation
import GRDB
import LifelineStore

// MARK: - Running SQL

extension ReplShell {
    /// Runs each statement of `script`, printing rows in the current mode; stops at the first error.
    func runSQL(_ script: SQLScript) {
        defer {
            databaseDidChange()
            finishCommand()
        }
        for statement in script.statements {
            let clock = RunClock()
            do {
                try runStatement(statement.text)
                if timer { write(clock.report) }
            } catch let error as SQLStatementError {
                let offset = statement.offset + (error.offset ?? Self.leadingSpace(statement.text))
                let location = script.location(ofByte: offset)
                report(ReplError.message(error.message), line: location.line, column: location.column,
                       snippet: error.offset == nil ? nil : script.sourceLine(atByte: offset))
                return
            } catch {
                let location = script.location(ofByte: statement.offset + Self.leadingSpace(statement.text))
                report(error, line: location.line, column: location.column)
                return
            }
        }
    }

    private func runStatement(_ sql: String) throws {
        let settings = ResultPrinter.Settings(mode: mode, headers: headers, width: width, style: style)
        let sink = output
        let authorizer = database.authorizer
        let deadline = database.deadline
        let limit = statementTimeLimit.seconds(scripted: currentReader?.isInteractive == false)
        try read { db in
            // The authorizer stands in for GRDB's, which would have noticed a schema change.
            defer { db.clearSchemaCache() }
            let statement: Statement
            authorizer.reset()
            do {
                statement = try db.makeStatement(sql: sql)
            } catch let error as DatabaseError {
                let offset = db.sqliteConnection.map { Int(sqlite3_error_offset($0)) } ?? -1
                // A refusal names its reason rather than SQLite's "not authorized".
                let message = authorizer.lastDenial
                    ?? (error.resultCode == .SQLITE_TOOBIG ? ConnectionHardening.tooBigMessage : nil)
                throw SQLStatementError(message: message ?? Self.message(for: error), offset: offset >= 0 ? offset : nil)
            }
            deadline.arm(seconds: limit)
            defer { deadline.disarm() }
            do {
                guard statement.columnCount > 0 else {
                    try statement.execute()
                    return
                }
                let printer = ResultPrinter(columns: statement.columnNames, settings: settings, sink: sink)
                defer { printer.finish() }
                let rows = try Row.fetchCursor(statement)
                while let row = try rows.next() {
                    printer.add(row.databaseValues.map(ResultValue.init))
                }
            } catch let error as DatabaseError where error.resultCode == .SQLITE_INTERRUPT && deadline.expired {
                // The limit, not Ctrl-C: say which limit, and how to lift it.
                throw SQLStatementError(message: statementTimeLimit.stoppedMessage(after: limit ?? 0), offset: nil)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_TOOBIG {
                throw SQLStatementError(message: ConnectionHardening.tooBigMessage, offset: nil)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_AUTH && authorizer.lastDenial != nil {
                // `VACUUM INTO` compiles, then attaches its target as it runs.
                throw SQLStatementError(message: authorizer.lastDenial ?? Self.message(for: error), offset: nil)
            }
        }
    }

    /// Bytes of whitespace before a statement's first token, so a location points at the statement, not the newline before it.
    package static func leadingSpace(_ text: String) -> Int {
        text.utf8.prefix { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }.count
    }
}
