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
}
