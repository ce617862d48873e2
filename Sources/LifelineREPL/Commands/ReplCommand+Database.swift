import Foundation
import LifelineStore
import LifelineTerminal

// MARK: - Schema and parameter commands as in the sqlite3 shell

extension ReplCommand {
    /// `.indexes`, `.databases`, `.dump`, `.fullschema`, `.parameter`.
    static var databaseCommands: [ReplCommand] { [indexes, databases, dump, fullSchema, parameter] }

    static let indexes = ReplCommand(
        name: ".indexes", aliases: [".indices"], usage: "[PATTERN]", summary: "List the indexes (whose names hold PATTERN)",
        discussion: "As sqlite3 3.53: names LIKE '%PATTERN%', in columns across the screen.",
        topic: .shell, completion: .tables
    ) { shell, arguments in
        guard arguments.count <= 1 else { throw ReplError.usage(command: ".indexes", usage: "[PATTERN]") }
        let names = try shell.read { session in try session.indexNames(containing: arguments.first ?? "") }
        shell.writeColumns(names)
    }

    static let databases = ReplCommand(
        name: ".databases", summary: "List the databases open, with their files", topic: .shell
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".databases", usage: "") }
        let open = try shell.read { session in try session.openDatabases() }
        shell.write(
            open.map { database in
                let file = database.file.isEmpty ? "\"\"" : database.file
                let transaction = database.transaction.map { " \($0) txn" } ?? ""
                return TerminalText.escape("\(database.name): \(file) \(database.isReadOnly ? "r/o" : "r/w")\(transaction)") + "\n"
            }.joined())
    }

    static let dump = ReplCommand(
        name: ".dump", usage: "[TABLE]", summary: "Write the database (or tables LIKE TABLE) as SQL",
        discussion: """
            As sqlite3 writes it: CREATE statements and one INSERT per row inside a transaction, so
            'sqlite3 copy.db < dump.sql' rebuilds it. With .once FILE or .output FILE it goes to a file.
            """,
        topic: .shell, completion: .tables
    ) { shell, arguments in
        guard arguments.count <= 1 else { throw ReplError.usage(command: ".dump", usage: "[TABLE]") }
        try shell.dump(like: arguments.first ?? "%")
    }

    static let fullSchema = ReplCommand(
        name: ".fullschema", summary: "Show every CREATE statement and the ANALYZE statistics", topic: .shell
    ) { shell, arguments in
        guard arguments.isEmpty else { throw ReplError.usage(command: ".fullschema", usage: "") }
        let statements = try shell.read { session in try session.fullSchema() }
        shell.write(statements.map { shell.machineText($0) + ";\n" }.joined())
        guard try shell.read({ session in try session.hasStatistics() }) else {
            shell.write("/* No STAT tables available */\n")
            return
        }
        shell.write("ANALYZE sqlite_schema;\nANALYZE sqlite_schema;\n")
        try shell.writeInserts(table: "sqlite_stat1")
        shell.write("ANALYZE sqlite_schema;\n")
    }

    static let parameter = ReplCommand(
        name: ".parameter", aliases: [".param"], usage: "CMD ...",
        summary: "Bind values to :NAME parameters in SQL",
        discussion: """
            .parameter set NAME VALUE, .parameter unset NAME, .parameter list, .parameter clear.
            '.parameter set :launch 2' binds 2 wherever the SQL says :launch (also @NAME, $NAME). VALUE is an
            SQL expression ('abc', 2.5, x'00ff', 1+1), or text when it is not one. A parameter with no value is NULL.
            The values live in the shell, not in a temp.sqlite_parameters table as in sqlite3.
            """,
        topic: .shell, completion: .choices(["set", "unset", "list", "clear"])
    ) { shell, arguments in
        let usage = ReplError.usage(command: ".parameter", usage: "set NAME VALUE | unset NAME | list | clear")
        guard let action = arguments.first?.lowercased() else { throw usage }
        switch action {
        case "set":
            guard arguments.count == 3 else { throw usage }
            let value = shell.database.session.value(ofExpression: arguments[2]) ?? .text(arguments[2])
            shell.parameters[arguments[1]] = value
        case "unset":
            guard arguments.count == 2 else { throw usage }
            shell.parameters[arguments[1]] = nil
        case "list":
            guard arguments.count == 1 else { throw usage }
            let width = shell.parameters.keys.map(\.count).max() ?? 0
            for (name, value) in shell.parameters.sorted(by: { $0.key < $1.key }) {
                shell.write(TerminalText.escape(TerminalText.pad(name, to: width) + " " + ResultPrinter.literal(ResultValue(value))) + "\n")
            }
        case "clear", "init":
            guard arguments.count == 1 else { throw usage }
            if action == "clear" { shell.parameters = [:] }
        default:
            throw ReplError.invalidArgument(command: ".parameter", argument: arguments[0], expected: "set, unset, list or clear")
        }
    }
}

// MARK: - Dump

extension ReplShell {
    /// Text from the database for output another program reads (`.dump`, `.fullschema`): as it is,
    /// but on a terminal each line escaped (``TerminalText``), line breaks kept.
    func machineText(_ text: String) -> String {
        guard output.isTerminal else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escape(String($0)) }
            .joined(separator: "\n")
    }

    /// `.dump`: the tables LIKE `pattern` and their rows, then their indexes, triggers and views, as sqlite3 writes them.
    func dump(like pattern: String) throws {
        let objects = try read { session in try session.dumpObjects(like: pattern) }
        write("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        for table in objects.tables {
            if table.name == "sqlite_sequence" {
                write("DELETE FROM sqlite_sequence;\n")
            } else if table.name.hasPrefix("sqlite_stat") {
                write("ANALYZE sqlite_schema;\n")
            } else if table.name.hasPrefix("sqlite_") {
                continue
            } else if table.sql.hasPrefix("CREATE TABLE '") || table.sql.hasPrefix("CREATE TABLE \"") {
                write("CREATE TABLE IF NOT EXISTS " + machineText(String(table.sql.dropFirst(13))) + ";\n")
            } else {
                write(machineText(table.sql) + ";\n")
            }
            try writeInserts(table: table.name)
        }
        for object in objects.others {
            // sqlite3 ends a statement holding a '--' comment on a line of its own.
            write(machineText(object.sql) + (object.sql.contains("--") ? "\n;\n" : ";\n"))
        }
        write("COMMIT;\n")
    }

    /// One `INSERT INTO table VALUES(...);` per row of `table`, as `.mode insert` prints them.
    func writeInserts(table: String) throws {
        var format = OutputFormat(mode: .insert)
        format.escapeChoice = self.format.escapeChoice
        format.tableName = table
        let settings = ResultPrinter.Settings(format: format)
        let sink = output
        var printer: ResultPrinter?
        defer { printer?.finish() }
        try read { session in
            try session.rows(
                ofTable: table, columns: { printer = ResultPrinter(columns: $0, settings: settings, sink: sink) },
                row: { values in printer?.add(values.map(ResultValue.init)) })
        }
    }
}
