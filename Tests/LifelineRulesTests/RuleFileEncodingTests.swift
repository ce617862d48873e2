import Foundation
import LifelineFormat
import Testing

@testable import LifelineRules

@Suite("Rules files that are not UTF-8")
struct RuleFileEncodingTests {
    static let cases: [(bytes: [UInt8], line: Int, column: Int, byte: String)] = [
        (Array("rule ok: never a.b\nrule r: never ".utf8) + [0xFF] + Array(".b\n".utf8), 2, 15, "0xFF"),
        (Array("rule x: never \"café ".utf8) + [0xC3, 0x28] + Array("\"\n".utf8), 1, 21, "0xC3"),  // truncated sequence
        ([0xC0, 0xAF], 1, 1, "0xC0"),  // overlong '/'
        (Array("# é\n\n".utf8) + [0xED, 0xA0, 0x80], 3, 1, "0xED"),  // a surrogate
    ]

    @Test("the first bad byte is located by line and character column", arguments: cases)
    func located(_ bytes: [UInt8], _ line: Int, _ column: Int, _ byte: String) throws {
        guard case .failure(let error) = RuleSet.decodeUTF8(bytes, file: "r.rules") else {
            Issue.record("decoded")
            return
        }
        #expect(
            error.diagnostics.map(\.header)
                == [
                    Diagnostic(
                        .error, file: "r.rules", line: line, column: column,
                        "invalid UTF-8 (byte \(byte)); a rules file must be UTF-8 text", id: "rules.syntax")
                ].map(\.header))
        #expect(error.description.hasPrefix("r.rules:\(line):\(column): error: invalid UTF-8"))
    }

    @Test("valid text, multi-byte characters included, decodes unchanged")
    func valid() throws {
        let text = "rule é: never \"日本\".x\n"
        #expect(try RuleSet.decodeUTF8(Array(text.utf8), file: "r.rules").get() == text)
    }

    @Test("reading a file refuses devices and reports bad bytes through RuleSetError")
    func reading() throws {
        #expect(throws: RuleSetError.self) { try RuleSet(contentsOf: "/dev/zero") }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("enc-\(UUID().uuidString).rules")
        try Data([0x72, 0xFE]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try RuleSet(contentsOf: url.path, label: "x.rules")
            Issue.record("parsed")
        } catch {
            guard case .syntax(let syntax) = error else { throw error }
            #expect(syntax.diagnostics.first?.location == SourceLocation(line: 1, column: 2))
            #expect(syntax.file == "x.rules")
        }
    }
}
