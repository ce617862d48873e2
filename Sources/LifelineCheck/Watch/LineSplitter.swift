/// Cuts bytes that arrive in pieces (reads of a growing file, a pipe) into lines, holding a
/// partial last line until its newline arrives.
///
/// Lines end in `\n` or `\r\n` (neither is part of the line); a UTF-8 byte-order mark at the start
/// of the input is skipped, as ``TraceLineReader`` skips it. Line numbers start at 1 and count
/// every line, blank ones included, so they match what an editor and `check` show.
///
/// ```swift
/// var splitter = LineSplitter()
/// splitter.append(bytes) { line, number in ... }   // only complete lines
/// splitter.finish { line, number in ... }           // the unterminated rest, if any
/// ```
package struct LineSplitter {
    private var held: [UInt8] = []
    private var atStart = true
    /// The number of the last line handed out.
    package private(set) var lineNumber = 0

    package init() {}

    /// Whether a partial line is held, waiting for its newline.
    package var holdsPartialLine: Bool { !held.isEmpty }

    /// Hands out every line `bytes` completes, in order.
    package mutating func append(_ bytes: some Collection<UInt8>, _ body: (ArraySlice<UInt8>, Int) -> Void) {
        held.append(contentsOf: bytes)
        if atStart {
            if held.count < 3 && [0xEF, 0xBB, 0xBF].starts(with: held) { return }
            if held.starts(with: [0xEF, 0xBB, 0xBF]) { held.removeFirst(3) }
            atStart = false
        }
        var start = 0
        while let newline = held[start...].firstIndex(of: 0x0A) {
            var end = newline
            if end > start, held[end - 1] == 0x0D { end -= 1 }
            lineNumber += 1
            body(held[start..<end], lineNumber)
            start = newline + 1
        }
        if start > 0 { held.removeFirst(start) }
    }

    /// Hands out the partial last line, if one is held (the input ended without its newline).
    package mutating func finish(_ body: (ArraySlice<UInt8>, Int) -> Void) {
        guard !held.isEmpty else { return }
        lineNumber += 1
        body(held[...], lineNumber)
        held = []
    }

    /// Forgets the held bytes and starts numbering again (the file was truncated or replaced).
    package mutating func reset() {
        self = LineSplitter()
    }
}
