import CReadline
import Foundation
import LifelineCore
import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What readline's C callbacks reach: they cannot capture context, so it is held
/// here, in `let`s holding locks, and only touched on the thread reading lines.
enum ReadlineBridge {
    static let delivered = Locked<LineInput?>(nil)
    static let catalog = Locked(CompletionCatalog())

    /// Static strings: readline keeps the pointers.
    static var name: UnsafePointer<CChar> { cString("lifeline") }
    /// Words are separated by whitespace only; ``ReplCompleter`` splits SQL words itself.
    static var wordBreaks: UnsafePointer<CChar> { cString(" \t\n") }

    private static func cString(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Readline's attempted-completion function: the matches for the word before the cursor.
    ///
    /// `text` is the word as the library found it, ending at the cursor, which is `end` into the
    /// line. Returns a `malloc`ed, NULL-terminated array whose first entry is what `text` becomes
    /// (the longest common prefix), as readline expects; readline frees it.
    ///
    /// The library's word and offsets are not used as they come, because libedit's differ from GNU
    /// readline's: newer libedit counts `start` and `end` in characters, not bytes, so they are off
    /// after a non-ASCII character (``byteOffset(_:in:lineEnd:)``); and it leaves a quote just
    /// before the cursor out of the word (`name = '` completes an empty word after the quote),
    /// where ``ReplCompleter`` needs the quote to offer callback names. So the cursor is found in
    /// bytes, the word is taken back to the last blank, as ``wordBreaks`` asks of both libraries,
    /// and the matches lose whatever part of that word the library's `text` leaves out, since the
    /// library replaces `text` alone.
    static func complete(text: UnsafePointer<CChar>?, end: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        lifeline_rl_set_attempted_completion_over(1)
        guard let buffer = lifeline_rl_line_buffer(), let text else { return nil }
        let line = bytes(buffer)
        let libraryWord = bytes(text)
        guard let cursor = byteOffset(end, in: line, lineEnd: Int(lifeline_rl_end())), cursor >= libraryWord.count,
            line[(cursor - libraryWord.count)..<cursor].elementsEqual(libraryWord)
        else { return nil }
        let blanks: Set<UInt8> = [0x20, 0x09, 0x0A]
        let start = line[..<cursor].lastIndex(where: { blanks.contains($0) }).map { $0 + 1 } ?? 0
        // The library's word is a part of ours that ends at the cursor; where it is longer (it
        // does not split at a blank after a backslash), it is the word.
        let wordStart = min(start, cursor - libraryWord.count)
        let omitted = String(decoding: line[wordStart..<(cursor - libraryWord.count)], as: UTF8.self)
        let before = String(decoding: line[..<wordStart], as: UTF8.self)
        let word = String(decoding: line[wordStart..<cursor], as: UTF8.self)
        let matches = ReplCompleter.complete(before: before, word: word, catalog.withLock { $0 })
            .filter { $0.hasPrefix(omitted) }.map { String($0.dropFirst(omitted.count)) }
        guard let first = matches.first else { return nil }
        // A directory is completed without a space, so its files can follow.
        lifeline_rl_set_completion_append_character(matches.count == 1 && first.hasSuffix("/") ? 0 : 0x20)
        let common = matches.dropFirst().reduce(first) { prefix, match in String(zip(prefix, match).prefix { $0 == $1 }.map(\.0)) }
        let entries = matches.count == 1 ? [first] : [common] + matches
        // Two NULLs at the end, not one: libedit tells a single match by reading the third entry, past
        // the end of [match, NULL], and a stray pointer there lost the space after the completed word.
        let slots = entries.count + 2
        guard let raw = malloc(slots * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride) else { return nil }
        let result = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: slots)
        for index in 0..<slots { result[index] = index < entries.count ? strdup(entries[index]) : nil }
        return result
    }

    /// The bytes of a C string the library owns (its line buffer), copied.
    static func bytes(_ string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
    }

    /// The byte offset in `line` of `end`, which GNU readline and macOS's libedit count in bytes and
    /// newer libedit in characters. The unit is told by `lineEnd`, the library's `rl_end`, which it
    /// sets in the same unit to the line's length: a length that is not the line's bytes but its
    /// characters is in characters. (In ASCII the two are the same.)
    static func byteOffset(_ end: Int, in line: [UInt8], lineEnd: Int) -> Int? {
        // Where each character starts (a byte that is not a UTF-8 continuation byte), and the line's end.
        let starts = line.indices.filter { line[$0] & 0xC0 != 0x80 } + [line.count]
        let inCharacters = lineEnd != line.count && lineEnd == starts.count - 1
        let bound = inCharacters ? starts.count - 1 : line.count
        guard end >= 0, end <= bound else { return nil }
        return inCharacters ? starts[end] : end
    }
}
