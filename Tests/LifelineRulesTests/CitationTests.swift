import Testing

@testable import LifelineRules

@Suite("Citations")
struct CitationTests {
    typealias Part = Citation.Part

    static let cases: [(String, [Part])] = [
        (
            "https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6; prewarm logs SO 71025205 (E2)",
            [
                .link("https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence"),
                .text(" step 6; prewarm logs SO 71025205 (E2)"),
            ]
        ),
        (
            "swipe-kill logs: https://forums.developer.apple.com/forums/thread/732170; the template (W4)",
            [
                .text("swipe-kill logs: "), .link("https://forums.developer.apple.com/forums/thread/732170"),
                .text("; the template (W4)"),
            ]
        ),
        (
            "https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)",
            [.link("https://developer.apple.com/documentation/uikit/uiscenedelegate/scene(_:willconnectto:options:)")]
        ),
        ("(see https://a.example/b).", [.text("(see "), .link("https://a.example/b"), .text(").")]),
        ("'HTTP://A.EXAMPLE/x?y=1&z=2', then", [.text("'"), .link("HTTP://A.EXAMPLE/x?y=1&z=2"), .text("', then")]),
        (
            "Xcode template: 'called shortly after application:didFinishLaunchingWithOptions' (E10)",
            [
                .text("Xcode template: 'called shortly after application:didFinishLaunchingWithOptions' (E10)")
            ]
        ),
        ("forum thread 732170", [.text("forum thread 732170")]),
        ("https:// alone, xhttps://a.example, javascript:alert(1)", [.text("https:// alone, xhttps://a.example, javascript:alert(1)")]),
        ("a https://a.example/<script>", [.text("a "), .link("https://a.example/"), .text("<script>")]),
        ("", []),
    ]

    @Test("only a URL in a reference is a link, and the URL alone", arguments: cases)
    func parts(_ reference: String, _ expected: [Part]) {
        let citation = Citation(reference)
        #expect(citation.parts == expected)
        #expect(citation.description == reference, "the parts are the whole reference")
    }

    @Test("every reference of the built-in catalogs that has a URL links it, without its note")
    func catalogReferences() {
        for rule in BuiltinCatalog.all.rules {
            guard let reference = rule.reference, reference.contains("http") else { continue }
            let links = Citation(reference).links
            #expect(!links.isEmpty, "\(rule.id): \(reference)")
            #expect(links.allSatisfy { !$0.contains(" ") && !$0.hasSuffix(";") }, "\(links)")
        }
    }

    static let evidence: [(String, String)] = [
        ("https://a.example/b step 6; prewarm logs SO 71025205 (E2)", "https://a.example/b step 6; prewarm logs SO 71025205"),
        ("docs (W3, A4)", "docs"),
        ("skip it (SO 63520008, N1); again (M4)", "skip it (SO 63520008); again"),
        ("template 'as they will not return' (E9); NativeScript#11376 (W10)", "template 'as they will not return'; NativeScript#11376"),
        ("https://a.example/scene(_:willconnectto:options:) (section 8)", "https://a.example/scene(_:willconnectto:options:) (section 8)"),
        ("research W5 and (X1, E100) (unclosed", "research W5 and (X1, E100) (unclosed"),
    ]

    @Test("a built-in rule's evidence IDs are left out of its citation; a rules file's parentheses are its author's", arguments: evidence)
    func evidenceIDs(_ reference: String, _ shown: String) throws {
        let builtin = try #require(BuiltinCatalog.uikitScene.rules.rules.first)
        let authored = try #require(try RuleSet(parsing: "rule a: never willConnectTo\n", file: "a.rules").rules.first)
        #expect(Citation(reference, of: builtin).description == shown)
        #expect(Citation(reference, of: authored).description == reference)
    }
}
