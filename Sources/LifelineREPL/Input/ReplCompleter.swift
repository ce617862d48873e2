import Foundation

/// Tab completion: what could replace the word being typed, given the line before it.
///
/// Words are separated by whitespace only (so `count(ev` and
/// `'scene(_:will` are one word each); inside a word the completer picks the
/// part to complete itself:
///
/// - the first word, if it starts with `.`: dot-commands;
/// - an argument of a dot-command: what the command's ``ReplCompletion`` says
///   (files, tables, modes, launches, sessions, saved queries, rule ids);
/// - in SQL, after a `'`: callback names; otherwise tables, columns and keywords.
///
/// ```swift
/// ReplCompleter.complete(before: "", word: ".tab", catalog)          // [".tables"]
/// ReplCompleter.complete(before: "SELECT ", word: "count(ev", catalog) // ["count(event", ...]
/// ```
package enum ReplCompleter {
    package static func complete(before: String, word: String, _ catalog: CompletionCatalog) -> [String] {
        let previous = ReplShell.split(before)
        if previous.isEmpty {
            if word.hasPrefix(".") { return matching(word, catalog.commands.keys.sorted()) }
            return sql(word, catalog)
        }
        guard let command = previous.first, command.hasPrefix(".") else { return sql(word, catalog) }
        guard let completion = catalog.commands[command] else { return [] }
        return candidates(completion.forArgument(previous.count - 1), word, catalog)
    }

    static func candidates(_ completion: ReplCompletion, _ word: String, _ catalog: CompletionCatalog) -> [String] {
        switch completion {
        case .none: return []
        case .choices(let choices): return matching(word, choices)
        case .commands:
            let names = catalog.commands.keys.sorted()
            return matching(word, word.hasPrefix(".") ? names : names.map { String($0.dropFirst()) })
        case .tables: return matching(word, catalog.tables)
        case .filePaths: return filePaths(word, directory: catalog.directory)
        case .queries: return matching(word, catalog.queries)
        case .launches: return matching(word, catalog.launches)
        case .sessions: return matching(word, catalog.sessions)
        case .ruleIDs: return matching(word, catalog.ruleIDs)
        case .union(let completions):
            var seen = Set<String>()
            return completions.flatMap { candidates($0, word, catalog) }.filter { seen.insert($0).inserted }
        case .positional: return candidates(completion.forArgument(0), word, catalog)
        }
    }

    // MARK: - SQL

    static let keywords = [
        "SELECT", "FROM", "WHERE", "GROUP", "BY", "ORDER", "HAVING", "LIMIT", "OFFSET", "JOIN", "LEFT", "ON", "AS",
        "AND", "OR", "NOT", "NULL", "IS", "IN", "LIKE", "BETWEEN", "DISTINCT", "COUNT", "MIN", "MAX", "SUM", "AVG",
        "CASE", "WHEN", "THEN", "ELSE", "END", "WITH", "DESC", "ASC", "EXPLAIN", "QUERY", "PLAN", "OVER", "PARTITION",
        "json_extract",
    ]

    static func sql(_ word: String, _ catalog: CompletionCatalog) -> [String] {
        // Inside a string: callback names (they contain '(' and ':', so the quote starts the part).
        if let quote = word.lastIndex(of: "'") {
            let head = String(word[...quote])
            let part = String(word[word.index(after: quote)...])
            return matching(part, catalog.callbacks).map { head + $0 }
        }
        let separators: Set<Character> = ["(", ")", ",", "=", "<", ">", "|", "+", "-", "*", "/", ";", "."]
        let start = word.lastIndex(where: { separators.contains($0) }).map { word.index(after: $0) } ?? word.startIndex
        let head = String(word[..<start])
        let part = String(word[start...])
        guard !part.isEmpty || !head.isEmpty else { return [] }
        let isUpper = part.first?.isUppercase ?? true
        let words = catalog.tables + catalog.columns + (isUpper ? keywords : lowercaseKeywords)
        var seen = Set<String>()
        return matching(part, words).filter { seen.insert($0).inserted }.map { head + $0 }
    }

    // MARK: - Files

    /// Files and directories starting with `word`; directories end in `/`.
    static func filePaths(_ word: String, directory: String?) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folder = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var base = folder.isEmpty ? "." : folder
        if let directory, !folder.hasPrefix("/") {
            base = (directory.hasSuffix("/") ? directory : directory + "/") + folder
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return [] }
        return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: (base.hasSuffix("/") ? base : base + "/") + name, isDirectory: &isDirectory)
            return folder + name + (isDirectory.boolValue ? "/" : "")
        }
    }

    /// ``keywords`` as offered after a lowercase letter (`json_extract` is one already).
    static let lowercaseKeywords = keywords.map { $0 == "json_extract" ? $0 : $0.lowercased() }

    static func matching(_ prefix: String, _ words: [String]) -> [String] {
        // Lowercased once, not once per word: completion runs at every Tab, the REPL fuzzer at every line.
        let lowercasePrefix = prefix.lowercased()
        return words.filter { $0.hasPrefix(prefix) || (!prefix.isEmpty && $0.lowercased().hasPrefix(lowercasePrefix) && $0 != prefix) }
    }
}
