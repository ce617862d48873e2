// embed-text: writes a Swift file that holds the text of other files, for the EmbedText build-tool plugin.
//
//   embed-text list OUTPUT TYPE PROPERTY FILE...   extension TYPE { package static let PROPERTY: [(name: String, text: String)] }
//                                                  one entry per FILE, named by its file name without the extension
//   embed-text one OUTPUT TYPE PROPERTY FILE       extension TYPE { static let PROPERTY: StaticString }
//
// Each text is a raw multi-line string literal with as many `#`s as it needs, so any file's bytes
// come back exactly (a file must be UTF-8). The output is written only when it changes, so the
// module is not rebuilt for nothing.
import Foundation

@main
enum EmbedText {
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("embed-text: error: \(message)\n".utf8))
        exit(1)
    }

    /// `text` as a raw multi-line literal whose delimiters no `"` or `\` in it can end or escape.
    static func literal(_ text: String) -> String {
        var hashes = 0
        var run = 0
        var afterQuoteOrBackslash = false
        for character in text {
            if character == "#" {
                if afterQuoteOrBackslash { run += 1 }
                hashes = max(hashes, run)
            } else {
                afterQuoteOrBackslash = character == "\"" || character == "\\"
                run = 0
            }
        }
        let delimiter = String(repeating: "#", count: hashes + 1)
        // The literal's last line break is not part of its value: the text's own lines come back whole.
        return "\(delimiter)\"\"\"\n\(text)\n\"\"\"\(delimiter)"
    }

    static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8") }
        return text
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 5, ["list", "one"].contains(arguments[0]) else {
            fail("usage: embed-text list|one OUTPUT TYPE PROPERTY FILE...")
        }
        let (mode, output, type, property, files) = (arguments[0], arguments[1], arguments[2], arguments[3], Array(arguments[4...]))
        var swift =
            "// Generated at build time by the EmbedText plugin (Plugins/EmbedText) from \(files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")).\n\n"
        swift += "extension \(type) {\n"
        if mode == "list" {
            swift += "    package static let \(property): [(name: String, text: String)] = [\n"
            for file in files {
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                swift += "(name: \"\(name)\", text: \(literal(read(file)))),\n"
            }
            swift += "    ]\n"
        } else {
            guard files.count == 1 else { fail("'one' embeds one file, not \(files.count)") }
            swift += "    static let \(property): StaticString = \(literal(read(files[0])))\n"
        }
        swift += "}\n"
        if FileManager.default.contents(atPath: output) != Data(swift.utf8) {
            do { try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                fail("cannot write \(output): \(error)")
            }
        }
    }
}
