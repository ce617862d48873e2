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

    /// Readline's attempted-completion function: the matches for the word from `start` to `end` in the line.
    ///
    /// Returns a `malloc`ed, NULL-terminated array whose first entry is what the
    /// word becomes (the longest common prefix), as readline expects; readline frees it.
    static func complete(start: Int, end: Int) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        lifeline_rl_set_attempted_completion_over(1)
        guard let buffer = lifeline_rl_line_buffer() else { return nil }
        let bytes = Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                count: strlen(buffer)))
        guard start >= 0, start <= end, end <= bytes.count else { return nil }
        let before = String(decoding: bytes[..<start], as: UTF8.self)
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        let matches = ReplCompleter.complete(before: before, word: word, catalog.withLock { $0 })
        guard let first = matches.first else { return nil }
        // A directory is completed without a space, so its files can follow.
        lifeline_rl_set_completion_append_character(matches.count == 1 && first.hasSuffix("/") ? 0 : 0x20)
        let common = matches.dropFirst().reduce(first) { prefix, match in String(zip(prefix, match).prefix { $0 == $1 }.map(\.0)) }
        let entries = matches.count == 1 ? [first] : [common] + matches
        guard let raw = malloc((entries.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride) else { return nil }
        let result = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() { result[index] = strdup(entry) }
        result[entries.count] = nil
        return result
    }
}
