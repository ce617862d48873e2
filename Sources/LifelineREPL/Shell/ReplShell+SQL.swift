import Foundation
import LifelineStore
import LifelineTerminal

// MARK: - Running SQL

extension ReplShell {
    /// Runs each statement of `script`, printing rows in the current mode; stops at the first error.
    func runSQL(_ script: SQLScript) {
        defer {
            databaseDidChange()
            finishCommand()
        }
        if echo { writeScriptText(script.text + "\n") }
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
        if countChanges, let counts = try? database.session.changeCounts() {
            write("changes: \(counts.changes)   total_changes: \(counts.total)\n")
        }
    }

    private func runStatement(_ sql: String) throws {
        let settings = printerSettings
        let sink = output
        let limit = statementTimeLimit.seconds(scripted: currentReader?.isInteractive == false)
        var printer: ResultPrinter?
        var explainPrinter: ExplainPrinter?
        var plan: [SQLSession.QueryPlanStep]?
        defer {
            printer?.finish()
            explainPrinter?.finish()
            if let plan { writeQueryPlan(plan) }
        }
        if eqp { writeQueryPlan(database.session.queryPlan(of: sql)) }
        let parameters = self.parameters
        let explain = self.explain
        var kind = SQLSession.StatementKind.ordinary
        let nullText = settings.format.nullText
        do {
            try read { session in
                try session.execute(
                    sql, timeLimit: limit, parameters: parameters, prepared: { kind = $0 },
                    columns: { columns in
                        switch (explain, kind) {
                        case (.on, .explain), (.auto, .explain):
                            explainPrinter = ExplainPrinter(columns: columns, isExplain: kind == .explain, nullText: nullText, sink: sink)
                        case (.on, .queryPlan) where columns.count == 4, (.auto, .queryPlan) where columns.count == 4:
                            plan = []
                        default:
                            printer = ResultPrinter(columns: columns, settings: settings, sink: sink)
                        }
                    },
                    row: { values in
                        if let explainPrinter {
                            explainPrinter.add(values.map { Self.explainText($0, escaping: sink.isTerminal) })
                        } else if plan != nil {
                            if case .integer(let id) = values[0], case .integer(let parent) = values[1], case .text(let detail) = values[3]
                            {
                                plan?.append(.init(id: Int(clamping: id), parent: Int(clamping: parent), detail: detail))
                            }
                        } else {
                            printer?.add(values.map(ResultValue.init))
                        }
                    })
            }
        } catch let error as StoreError where error.code == .timeLimit {
            // The limit, not Ctrl-C: say which limit, and how to lift it.
            throw SQLStatementError(message: statementTimeLimit.stoppedMessage(after: limit ?? 0), offset: nil)
        }
    }

    /// A query plan drawn as sqlite3's `.eqp on` draws it:
    ///
    /// ```
    /// QUERY PLAN
    /// |--SCAN event
    /// `--USE TEMP B-TREE FOR ORDER BY
    /// ```
    func writeQueryPlan(_ steps: [SQLSession.QueryPlanStep]) {
        guard !steps.isEmpty else { return }
        var text = "QUERY PLAN\n"
        func level(_ parent: Int, prefix: String, depth: Int) {
            let children = steps.filter { $0.parent == parent }
            for (index, step) in children.enumerated() {
                let last = index == children.count - 1
                text += prefix + (last ? "`--" : "|--") + TerminalText.escape(step.detail) + "\n"
                // sqlite3 stops indenting where its prefix buffer ends; a plan is never that deep in practice.
                if depth < 30 && step.id != parent { level(step.id, prefix: prefix + (last ? "   " : "|  "), depth: depth + 1) }
            }
        }
        level(0, prefix: "", depth: 0)
        write(text)
    }

    /// A value as `.explain` mode prints it: nil for NULL, numbers as sqlite3 prints them, text escaped on a terminal.
    static func explainText(_ value: SQLValue, escaping: Bool) -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real): return RealText.exact(real)
        case .text(let text): return escaping ? TerminalText.escape(text) : text
        case .blob(let bytes):
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return escaping ? TerminalText.escape(text) : text
        }
    }

    /// How results print now (`.mode`, `.headers`, `.nullvalue`, `.separator`, `.width`): every row
    /// measured before a table prints, but a screenful's worth at a terminal.
    var printerSettings: ResultPrinter.Settings {
        ResultPrinter.Settings(format: format, width: width, style: style, sampleSize: output.isTerminal ? 100 : nil)
    }

    /// Bytes of whitespace before a statement's first token, so a location points at the statement, not the newline before it.
    package static func leadingSpace(_ text: String) -> Int {
        text.utf8.prefix { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }.count
    }
}
