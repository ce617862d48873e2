import Foundation
import Testing

/// The README's Swift is what an app developer pastes first. Every block of it must be an excerpt
/// of an example app under examples/, line for line, because those sources are type-checked
/// against the iOS SDK (../shared/ios-typecheck/check-app.sh): a snippet that stops compiling
/// fails there, and a snippet edited on its own fails here.
@Suite("README's Swift snippets")
struct ReadmeExampleTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of each fenced ```swift block of a Markdown file.
    static func swiftBlocks(in markdown: String) -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = [] }
            } else if line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Every Swift file of the example apps, as lines.
    static func exampleSources() throws -> [(path: String, lines: [Substring])] {
        let examples = repository.appendingPathComponent("examples")
        // Not hidden directories: examples/library/.build holds its dependencies' checkouts once built
        // (GRDB.swift among them, a directory).
        let files = FileManager.default.enumerator(
            at: examples, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var sources: [(String, [Substring])] = []
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
            else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            sources.append((file.path, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return sources
    }

    static func isExcerpt(_ block: [Substring], of lines: [Substring]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return false }
        return (0...(lines.count - block.count)).contains { start in
            zip(block, lines[start...]).allSatisfy { $0 == $1 }
        }
    }

    @Test("every Swift block in README.md is a verbatim excerpt of an example app's source")
    func readmeSnippetsComeFromTheExamples() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: readme)
        let sources = try Self.exampleSources()
        #expect(blocks.count >= 2, "the README shows how to record")
        #expect(sources.count >= 4, "examples/SceneApp and examples/SwiftUIApp")
        for block in blocks {
            #expect(
                sources.contains { Self.isExcerpt(block, of: $0.lines) },
                "README block not found in examples/:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("an edited line is not an excerpt")
    func anEditedLineIsCaught() {
        let file: [Substring] = ["a", "    b", "c"]
        #expect(Self.isExcerpt(["    b", "c"], of: file))
        #expect(!Self.isExcerpt(["b", "c"], of: file))
        #expect(!Self.isExcerpt(["a", "c"], of: file))
    }
}
