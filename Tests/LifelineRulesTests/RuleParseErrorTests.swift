import LifelineFormat
import LifelineTerminal
import Testing

@testable import LifelineRules

@Suite("Rule parse errors")
struct RuleParseErrorTests {
    @Test(
        "the lexer names what is wrong with a token",
        arguments: [
            ("rule a: x § y", RuleParseError.Code.unexpectedCharacter, 11),
            ("rule a { message \"never closed }", .badString, 18),
            ("rule a { message \"bad \\q\" }", .badString, 23),
        ])
    func lexer(_ text: String, _ code: RuleParseError.Code, _ column: Int) {
        var lexer = RuleLexer(text)
        #expect {
            _ = try lexer.tokens()
        } throws: { error in
            guard let error = error as? RuleParseError else { return false }
            return error.code == code && error.diagnostic.location == SourceLocation(line: 1, column: column)
        }
    }

    @Test("a file's problems come out as located errors with the line and a caret")
    func located() throws {
        let text = "rule launch per launch: didFinishLaunching preceeds willConnectTo\n"
        #expect {
            _ = try RuleParser.parse(text, file: "app.rules")
        } throws: { error in
            guard let error = error as? RuleSyntaxError, let first = error.located.first else { return false }
            return first.severity == .error && error.located.count == 1
                && first.description == """
                    app.rules:1:44: error: expected 'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts', found 'preceeds'
                      1 | rule launch per launch: didFinishLaunching preceeds willConnectTo
                        |                                            ^
                    """
        }
    }

    @Test("a rule set error gives its diagnostics as values, with severities")
    func ruleSetError() {
        let duplicate = RuleSetError.duplicateID("a.b", first: "x.rules:1:1", second: "y.rules:4:1")
        #expect(duplicate.diagnostics.map(\.severity) == [.error])
        #expect(duplicate.description == "y.rules:4:1: error: duplicate rule id 'a.b' (first defined at x.rules:1:1)")
        let unreadable = RuleSetError.unreadable(path: "z.rules", reason: "permission denied")
        #expect(unreadable.description == "z.rules: error: cannot read rules: permission denied")
    }
}
