import Foundation
import Testing

@testable import LifelineStore

@Suite("Content hash")
struct ContentHashTests {
    static func xxh64(_ text: String, chunks: Int = 1) -> String {
        var hash = ContentHash()
        let bytes = Array(text.utf8)
        let size = max(1, bytes.count / chunks)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            bytes[start..<end].withUnsafeBytes { hash.update($0) }
            start = end
        }
        return hash.text
    }

    @Test("XXH64 matches the reference vectors")
    func referenceVectors() {
        #expect(Self.xxh64("") == "xxh64:ef46db3751d8e999")
        #expect(Self.xxh64("a") == "xxh64:d24ec4f1a98c6e5b")
        #expect(Self.xxh64("abc") == "xxh64:44bc2cf5ad770999")
    }

    @Test("the hash is the same however the input is split", arguments: [1, 2, 3, 7, 33, 100])
    func chunking(_ chunks: Int) {
        let text = String(repeating: "lifeline trace line 0123456789\n", count: 40)
        #expect(Self.xxh64(text, chunks: chunks) == Self.xxh64(text))
    }
}
