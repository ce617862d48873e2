import Foundation
import FuzzSupport
import LifelineREPL

/// The dot-commands a session can name.
let registry = ReplCommandRegistry.standard

/// What tab completion knows at a prompt: the standard dot-commands, a few tables,
/// columns and callbacks, and an empty directory for file names.
let catalog: CompletionCatalog = {
    var catalog = CompletionCatalog()
    for name in registry.names {
        if let command = registry.command(named: name) { catalog.commands[name] = command.completion }
    }
    catalog.tables = ["event", "launch", "session", "trace_file", "violation"]
    catalog.columns = ["event", "seq", "t", "phase", "session", "scene", "launch_id"]
    catalog.callbacks = ["didFinishLaunching", "sceneDidBecomeActive", "scene(_:willConnectTo:options:)"]
    catalog.queries = ["slowest-callbacks", "launch-time"]
    catalog.launches = ["1", "2"]
    catalog.sessions = ["S1"]
    catalog.ruleIDs = ["scene.connect-before-active"]
    let directory = NSTemporaryDirectory() + "lifeline-fuzz-repl-\(getpid())"
    mkdir(directory, 0o700)
    catalog.directory = directory
    return catalog
}()

/// libFuzzer entry point: the input is what a person types into `lifeline repl`, or a script it reads.
///
/// Each line goes where the shell's reading loop sends it, without running anything:
/// a line starting with `.` is split into words, looked up (with the "did you mean"
/// suggestion) and completed; other lines gather into SQL until the shell's
/// incremental scanner calls the text complete (which must be `sqlite3_complete`'s
/// answer on the whole text, and blank when `SQLScript.isBlank` says so), and the
/// script is split into statements whose offsets, locations and source lines (what
/// error messages print) must stay inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var pending = ""
    var pendingLine = 0
    var completion = SQLCompletionScanner()
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = String(line)
        if pending.isEmpty {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix(".") {
                let words = ReplShell.split(trimmed)
                if let name = words.first, registry.command(named: name) == nil {
                    _ = registry.suggestion(for: name)
                }
                complete(line)
                continue
            }
            pendingLine = index + 1
            pending = line
        } else {
            pending += "\n" + line
            completion.consume(0x0A)
        }
        completion.consume(line)
        complete(line)
        // The shell's incremental scanner must agree with SQLite's own answers on the whole text.
        let isComplete = SQLScript.isComplete(pending)
        let isBlank = SQLScript.isBlank(Array(pending.utf8)[...])
        guard completion.isComplete == isComplete, completion.isBlank == isBlank else {
            fatalError(
                """
                the scanner says complete \(completion.isComplete), blank \(completion.isBlank); \
                sqlite3_complete \(isComplete), isBlank \(isBlank): \(Array(pending.utf8))
                """)
        }
        if isComplete {
            check(SQLScript(text: pending, firstLine: pendingLine))
            pending = ""
            completion = SQLCompletionScanner()
        } else if isBlank {
            pending = ""
            completion = SQLCompletionScanner()
        }
    }
    if !pending.isEmpty { check(SQLScript(text: pending, firstLine: pendingLine)) }
    return 0
}

/// Completes the last word of `line`, as readline asks when Tab is pressed at its end.
func complete(_ line: String) {
    let wordStart = line.lastIndex(where: \.isWhitespace).map { line.index(after: $0) } ?? line.startIndex
    _ = ReplCompleter.complete(before: String(line[..<wordStart]), word: String(line[wordStart...]), catalog)
}

/// Splits `script` and checks that every statement, and every location an error could point at, is inside it.
func check(_ script: SQLScript) {
    let bytes = Array(script.text.utf8)
    let split = script.statements.map { [$0.offset: $0.text] }
    let reference = referenceStatements(bytes).map { [$0.offset: $0.text] }
    guard split == reference else {
        fatalError("the script splits into \(split), sqlite3_complete at each ';' into \(reference): \(bytes)")
    }
    var previousEnd = 0
    for statement in script.statements {
        let start = statement.offset
        let length = statement.text.utf8.count
        guard start >= previousEnd, start + length <= bytes.count else {
            fatalError("statement at byte \(start) (\(length) bytes) is outside the script of \(bytes.count) bytes")
        }
        previousEnd = start + length
        // The places runSQL reports errors at: the first token, and any offset SQLite could name.
        for offset in [start + ReplShell.leadingSpace(statement.text), start, start + length / 2, start + length] {
            let location = script.location(ofByte: offset)
            guard location.line >= script.firstLine, location.column >= 1 else {
                fatalError("byte \(offset) maps to line \(location.line), column \(location.column)")
            }
            let source = script.sourceLine(atByte: offset)
            guard source.caret >= 0, source.caret <= source.text.count else {
                fatalError("byte \(offset): caret \(source.caret) outside its line of \(source.text.count) characters")
            }
        }
    }
}

/// `script`'s statements as `sqlite3_complete` on the text up to each `;` finds them (the scan
/// `SQLScript.statements` made before it scanned once): the reference its statements must equal.
func referenceStatements(_ bytes: [UInt8]) -> [(offset: Int, text: String)] {
    var result: [(offset: Int, text: String)] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
        let candidate = String(decoding: bytes[start...index], as: UTF8.self)
        guard SQLScript.isComplete(candidate) else { continue }
        if !SQLScript.isBlank(bytes[start...index]) { result.append((start, candidate)) }
        start = index + 1
    }
    if start < bytes.count, !SQLScript.isBlank(bytes[start...]) {
        result.append((start, String(decoding: bytes[start...], as: UTF8.self)))
    }
    return result
}

/// The program's entry point (see FuzzSupport's `runLibFuzzer`).
@_cdecl("fuzz_repl_input_main")
func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    // Built before fuzzing starts: the leak checker runs when an input allocates more than it
    // frees, and takes the registry's command closures, stored behind enum spare bits, for leaks.
    _ = catalog
    return runLibFuzzer(argc, argv, fuzzReplInput)
}
