import Foundation
import LifelineTestSupport
import Testing

/// `embed-text`, the tool behind the EmbedText build-tool plugin that compiles `queries/*.sql` and the
/// report's script into the binary: whatever a file holds comes back byte for byte from the Swift it writes.
@Suite("embed-text (the EmbedText plugin's tool)")
struct EmbedTextToolTests {
    static var tool: URL { productsDirectory.appendingPathComponent("embed-text") }

    /// Texts a raw literal with too few `#`s would end early or read as an escape or interpolation.
    static let awkward = [
        "-- a query\nSELECT 1;\n",
        "ends \"\"\"# early, and \"\"\"## later\n",
        "a \\#(interpolation) and a \\##n escape\n",
        "no newline at the end",
        "\n\nblank lines first, a tab\there, é日本 and 😀\n",
        "",
    ]

    @Test("both modes give back each file's bytes, compiled and run")
    func roundTrip() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embed-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, text) in Self.awkward.enumerated() {
            let path = directory.appendingPathComponent("q\(index).sql").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let list = try LifelineCommandTests.run(
            ["list", directory.appendingPathComponent("List.swift").path, "Holder", "texts"] + files, executable: Self.tool)
        #expect(list.status == 0, "\(list.stderr)")
        let one = try LifelineCommandTests.run(
            ["one", directory.appendingPathComponent("One.swift").path, "Holder", "first", files[1]], executable: Self.tool)
        #expect(one.status == 0, "\(one.stderr)")
        // The program prints each text with a separator no text holds, so the bytes can be compared.
        try """
        enum Holder {}
        for (name, text) in Holder.texts { print("<<\\(name)>>" + text, terminator: "") }
        print("<<one>>" + Holder.first.description, terminator: "")
        """.write(to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let program = directory.appendingPathComponent("program").path
        let compiled = try LifelineCommandTests.run(
            ["swiftc", "-package-name", "embedtest", "-o", program, "main.swift", "List.swift", "One.swift"], in: directory,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(compiled.status == 0, "\(compiled.stderr)")
        let run = try LifelineCommandTests.run([], executable: URL(fileURLWithPath: program))
        let expected = Self.awkward.enumerated().map { "<<q\($0.offset)>>" + $0.element }.joined() + "<<one>>" + Self.awkward[1]
        #expect(run.stdout == expected)
    }

    @Test("a file that is not UTF-8, or missing, is a located error and no output")
    func badInput() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embed-text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.sql")
        try Data([0x53, 0xFF, 0x0A]).write(to: bad)
        let output = directory.appendingPathComponent("Out.swift")
        let run = try LifelineCommandTests.run(["list", output.path, "Holder", "texts", bad.path], executable: Self.tool)
        #expect(run.status == 1)
        #expect(run.stderr == "embed-text: error: \(bad.path) is not UTF-8\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let missing = try LifelineCommandTests.run(
            ["one", output.path, "Holder", "x", directory.appendingPathComponent("none.js").path], executable: Self.tool)
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"))
    }
}
