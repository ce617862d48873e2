import Testing

@testable import LifelineRules

/// The table of a trace's session identifiers.
@Suite("Session keys")
struct SessionKeysTests {
    @Test func anIdentifierKeepsItsKeyAsTheTableGrows() {
        var keys = SessionKeys()
        let identifiers = (0..<5_000).map { "3F2A\($0)-\(String(repeating: "x", count: $0 % 40))" } + [""]
        let first = identifiers.map { keys.key(of: $0) }
        #expect(first == (0..<Int32(identifiers.count)).map { $0 })
        #expect(identifiers.map { keys.key(of: $0) } == first)
        #expect(first.map { keys[$0] } == identifiers)
        #expect(keys.count == identifiers.count)
        keys.removeAll()
        #expect(keys.key(of: identifiers[9]) == 0)
        #expect(keys.count == 1)
    }
}
