import Foundation
import LifelineFormat
import LifelineSupport

/// The rules of one or more `.rules` files, ready to check.
///
/// ```swift
/// let rules = try RuleSet(parsing: text, file: "rules/app.rules")
/// ```
public struct RuleSet: Sendable, Hashable {
    public var rules: [Rule]

    public init(_ rules: [Rule] = []) { self.rules = rules }

    /// Parses rules text; throws every problem found, each located.
    public init(parsing text: String, file: String) throws(RuleSyntaxError) {
        rules = try RuleParser.parse(text, file: file)
    }

    /// Reads and parses a `.rules` file; `label` (default: `path`) names it in diagnostics.
    ///
    /// The file must be a regular file (a FIFO or `/dev/zero` would hang) of
    /// UTF-8 text: the first byte that is not is a located error, like any
    /// other in the file.
    public init(contentsOf path: String, label: String? = nil) throws(RuleSetError) {
        let file = label ?? path
        let bytes: [UInt8]
        do throws(InputFileError) {
            bytes = try InputFile.contents(of: path)
        } catch {
            throw RuleSetError.unreadable(path: file, reason: error.description)
        }
        let text: String
        switch Self.decodeUTF8(bytes, file: file) {
        case .success(let decoded): text = decoded
        case .failure(let error): throw RuleSetError.syntax(error)
        }
        do throws(RuleSyntaxError) {
            rules = try RuleParser.parse(text, file: file)
        } catch {
            throw RuleSetError.syntax(error)
        }
    }

    /// `data` as text, or an error at its first byte that is not UTF-8.
    ///
    /// The column counts characters (Unicode scalars) as the rule parser's do;
    /// the excerpt shows the bad byte as U+FFFD, so the caret lands under it.
    static func decodeUTF8(_ data: [UInt8], file: String) -> Result<String, RuleSyntaxError> {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return .success(String(decoding: data, as: UTF8.self))
            case .error:
                let byte = String(data[data.startIndex + offset], radix: 16, uppercase: true)
                let diagnostic = Diagnostic(
                    .error, line: line, column: column,
                    "invalid UTF-8 (byte 0x\(byte.count == 1 ? "0" : "")\(byte)); a rules file must be UTF-8 text")
                return .failure(RuleSyntaxError(file: file, diagnostics: [diagnostic], source: String(decoding: data, as: UTF8.self)))
            }
        }
    }

    /// Adds other rules; a rule whose id is already present is an error.
    public mutating func merge(_ other: RuleSet) throws(RuleSetError) {
        var ids = Dictionary(uniqueKeysWithValues: rules.map { ($0.id, $0) })
        for rule in other.rules {
            if let existing = ids[rule.id] {
                throw RuleSetError.duplicateID(rule.id, first: existing, second: rule)
            }
            ids[rule.id] = rule
            rules.append(rule)
        }
    }
}
