import Foundation
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
                report(
                    ReplError.message(error.message), line: location.line, column: location.column,
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
        let limit = statementTimeLimit.seconds(scripted: currentReader?.isInteractive == false)
        var printer: ResultPrinter?
        defer { printer?.finish() }
        do {
            try read { session in
                try session.execute(
                    sql, timeLimit: limit,
                    columns: { printer = ResultPrinter(columns: $0, settings: settings, sink: sink) },
                    row: { values in printer?.add(values.map(ResultValue.init)) })
            }
        } catch let error as StoreError where error.code == .timeLimit {
            // The limit, not Ctrl-C: say which limit, and how to lift it.
            throw SQLStatementError(message: statementTimeLimit.stoppedMessage(after: limit ?? 0), offset: nil)
        }
    }

    /// Bytes of whitespace before a statement's first token, so a location points at the statement, not the newline before it.
    package static func leadingSpace(_ text: String) -> Int {
        text.utf8.prefix { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }.count
    }
}
