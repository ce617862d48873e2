import LifelineFormat
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
            guard let error = error as? RuleSyntaxError, let first = error.diagnostics.first else { return false }
            return first.severity == .error && error.diagnostics.count == 1 && first.id == "rules.syntax"
                && first.description == """
                    app.rules:1:44: error: expected 'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts', found 'preceeds'
                      1 | rule launch per launch: didFinishLaunching preceeds willConnectTo
                        |                                            ^
                    """
        }
    }

    @Test("a rule set error gives its diagnostics as values, with severities, ids and notes")
    func ruleSetError() throws {
        var first = try RuleSet(parsing: "rule a.b: never x.y\n", file: "x.rules")
        let second = try RuleSet(parsing: "# again\n   rule a.b: never x.y\n", file: "y.rules")
        #expect {
            try first.merge(second)
        } throws: { error in
            guard let duplicate = error as? RuleSetError else { return false }
            return duplicate.diagnostics.map(\.severity) == [.error] && duplicate.diagnostics.map(\.id) == ["rules.duplicateID"]
                && duplicate.description == "y.rules:2:4: error: duplicate rule id 'a.b'\nx.rules:1:1: note: first defined here"
        }
        let unreadable = RuleSetError.unreadable(path: "z.rules", reason: "permission denied")
        #expect(unreadable.description == "z.rules: error: cannot read rules: permission denied")
    }
}
