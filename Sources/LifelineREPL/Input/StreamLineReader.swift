import LifelineFormat
import LifelineSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a file descriptor or a string: standard input when it is
/// not a terminal, `.read FILE`, and tests. Prints no prompt and no echo.
///
/// ```swift
/// let reader = StreamLineReader(text: ".tables\nSELECT 1;\n", name: "test.script")
/// reader.readLine(prompt: "")   // .line(".tables")
/// ```
package final class StreamLineReader: LineReader {
    package let sourceName: String?
    package private(set) var lineNumber = 0
    package var isInteractive: Bool { false }

    private let fileDescriptor: Int32?
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    /// Reads `text`.
    package init(text: String, name: String) {
        sourceName = name
        fileDescriptor = nil
        ownsDescriptor = false
        buffer = Array(text.utf8)
        atEnd = true
    }

    /// Reads an open descriptor (standard input) which the caller keeps open.
    package init(fileDescriptor: Int32, name: String = "<stdin>") {
        sourceName = name
        self.fileDescriptor = fileDescriptor
        ownsDescriptor = false
    }

    /// Opens the file at `path`; `name` (default: `path`) names it in diagnostics.
    package init(path: String, name: String? = nil) throws(ReplError) {
        // `.read /dev/zero` would never end, `.read FIFO` would block in open(): scripts are regular files.
        if let refusal = InputFile.refusal(path) { throw ReplError.cannotOpen(path: name ?? path, reason: refusal) }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ReplError.cannotOpen(path: name ?? path, reason: String(cString: strerror(errno)).lowercased())
        }
        sourceName = name ?? path
        fileDescriptor = descriptor
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor, let fileDescriptor { close(fileDescriptor) }
    }

    package func readLine(prompt: String) -> LineInput {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = take(upTo: newline)
                start = newline + 1
                return .line(line)
            }
            if atEnd {
                guard start < buffer.count else { return .end }
                let line = take(upTo: buffer.count)
                start = buffer.count
                return .line(line)
            }
            fill()
        }
    }

    private func take(upTo end: Int) -> String {
        lineNumber += 1
        var slice = buffer[start..<end]
        if slice.last == 0x0D { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    private func fill() {
        guard let fileDescriptor else {
            atEnd = true
            return
        }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { return }
        if count <= 0 {
            atEnd = true
            return
        }
        buffer += chunk[0..<count]
    }
}
