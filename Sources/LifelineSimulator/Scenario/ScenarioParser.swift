import LifelineFormat

/// A hand-written recursive-descent parser for scenario scripts.
///
/// Grammar (one `parse...` method per node):
///
/// ```
/// script    := (separator* statement)* separator*
/// separator := ';' | newline | comment
/// comment   := '#' <anything to the end of the line>
/// statement := command-name argument*          (words separated by spaces or tabs)
/// duration  := number ('ms' | 's' | 'm' | 'min' | 'h')      e.g. 500ms, 2s, 1.5m
/// window    := 'S' digits                                    e.g. S2
/// ```
struct ScenarioParser {
    /// A word of a statement and where it starts.
    struct Word {
        var text: String
        var location: SourceLocation
        /// The column just past the word, where a missing argument would go.
        var end: SourceLocation
    }

    private let bytes: [UInt8]
    private let scenario: ScenarioSource
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    /// The script's durations so far: their sum must stay below ``maximumTotal`` so the virtual clock
    /// (with the model's own few milliseconds per step added) can never overflow.
    private var totalNanoseconds: UInt64 = 0

    /// The most virtual time a script's durations may add up to: 10^18 ns, about 31 years.
    static let maximumTotal: UInt64 = 1_000_000_000_000_000_000

    init(source: String, file: String) {
        bytes = Array(source.utf8)
        scenario = ScenarioSource(source: source, file: file)
    }

    // MARK: - Script and statements

    mutating func parseScript() throws(ScenarioError) -> [ScenarioStep] {
        var steps: [ScenarioStep] = []
        while true {
            skipSeparators()
            guard let name = nextWord() else { return steps }
            steps.append(try parseStatement(name))
            if let extra = nextWord() {
                throw scenario.error(.badArgument, at: extra.location, "unexpected '\(extra.text)' after '\(name.text)'")
            }
        }
    }

    private mutating func parseStatement(_ name: Word) throws(ScenarioError) -> ScenarioStep {
        let command: ScenarioCommand
        switch name.text {
        case "app": command = try parseApp(after: name)
        case "device": command = .device(try expectWord(after: name, "a device model such as 'iPad13,4'").text)
        case "os": command = .os(try expectWord(after: name, "an OS version such as '17.5'").text)
        case "launch": command = try parseLaunch(after: name)
        case "open", "return": command = .open
        case "home": command = .home
        case "interrupt": command = .interrupt(nanoseconds: try parseOptionalDuration(default: 2_000_000_000))
        case "wait": command = .wait(nanoseconds: try parseDuration(after: name))
        case "open-window": command = .openWindow(try parseWindow(after: name))
        case "hide": command = .hide(try parseWindow(after: name))
        case "close-window": command = .closeWindow(try parseWindow(after: name))
        case "memory-pressure": command = .memoryPressure
        case "swipe-kill": command = try parseSwipeKill()
        case "terminate": command = .terminate
        case "kill": command = .kill
        case "fault": command = try parseFault(after: name)
        default:
            throw scenario.error(.unknownCommand, at: name.location, "unknown command '\(name.text)'")
        }
        return ScenarioStep(command, at: name.location)
    }

    // MARK: - Commands

    private mutating func parseApp(after name: Word) throws(ScenarioError) -> ScenarioCommand {
        let word = try expectWord(after: name, "'scene' or 'legacy'")
        switch word.text {
        case "scene": return .app(.scene)
        case "legacy": return .app(.app)
        default: throw scenario.error(.badArgument, at: word.location, "expected 'scene' or 'legacy', found '\(word.text)'")
        }
    }

    private mutating func parseLaunch(after name: Word) throws(ScenarioError) -> ScenarioCommand {
        let kind = try expectWord(after: name, "'cold', 'restored', 'background' or 'prewarm'")
        switch kind.text {
        case "cold": return .launch(.cold)
        case "restored": return .launch(.restored)
        case "background":
            var event: ScenarioCommand.BackgroundEvent?
            var connects = false
            while let option = nextWord() {
                if let known = ScenarioCommand.BackgroundEvent(rawValue: option.text), event == nil {
                    event = known
                } else if option.text == "connect", !connects {
                    connects = true
                } else {
                    throw scenario.error(
                        .badArgument, at: option.location,
                        "unexpected '\(option.text)' after 'launch background' (expected one of 'push' or 'fetch', and 'connect')")
                }
            }
            return .launch(.background(event ?? .push, connectsScene: connects))
        case "prewarm":
            guard let option = nextWord() else { return .launch(.prewarm(split: false)) }
            guard option.text == "split" else {
                throw scenario.error(
                    .badArgument, at: option.location, "unexpected '\(option.text)' after 'launch prewarm' (expected 'split')")
            }
            return .launch(.prewarm(split: true))
        default:
            throw scenario.error(
                .badArgument, at: kind.location,
                "expected 'cold', 'restored', 'background' or 'prewarm' after 'launch', found '\(kind.text)'")
        }
    }

    private mutating func parseSwipeKill() throws(ScenarioError) -> ScenarioCommand {
        var kill = ScenarioCommand.SwipeKill()
        var seen: Set<String> = []
        while let option = nextWord() {
            let key = Self.isWindowName(option.text) ? "window" : option.text
            guard !seen.contains(key) else {
                throw scenario.error(.badArgument, at: option.location, "'\(option.text)' given twice after 'swipe-kill'")
            }
            seen.insert(key)
            switch key {
            case "window": kill.scene = option.text
            case "fast": kill.fast = true
            case "keep-session": kill.keepsSession = true
            default:
                throw scenario.error(
                    .badArgument, at: option.location,
                    "unexpected '\(option.text)' after 'swipe-kill' (expected a window such as 'S2', 'fast' or 'keep-session')")
            }
        }
        return .swipeKill(kill)
    }

    private mutating func parseFault(after name: Word) throws(ScenarioError) -> ScenarioCommand {
        let word = try expectWord(after: name, "a fault (\(Self.faultList)) or 'none'")
        switch word.text {
        case "none": return .fault(nil)
        case "ui-in-didfinish": return .fault(.uiInDidFinish)
        case "wrong-order": return .fault(.wrongOrder)
        case "late-save": return .fault(.lateSave)
        case "block-background": return .fault(.blockBackground(nanoseconds: try parseOptionalDuration(default: 6_000_000_000)))
        case "slow-launch": return .fault(.slowLaunch(nanoseconds: try parseOptionalDuration(default: 900_000_000)))
        default:
            throw scenario.error(
                .badArgument, at: word.location, "unknown fault '\(word.text)' (expected \(Self.faultList) or 'none')")
        }
    }

    private static var faultList: String {
        AppFault.names.map { "'\($0)'" }.joined(separator: ", ")
    }

    // MARK: - Arguments

    private mutating func parseWindow(after name: Word) throws(ScenarioError) -> String {
        let word = try expectWord(after: name, "a window such as 'S2'")
        guard Self.isWindowName(word.text) else {
            throw scenario.error(.badArgument, at: word.location, "expected a window such as 'S2', found '\(word.text)'")
        }
        return word.text
    }

    static func isWindowName(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return utf8.count >= 2 && utf8[0] == UInt8(ascii: "S") && utf8[1] != UInt8(ascii: "0")
            && utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    private mutating func parseDuration(after name: Word) throws(ScenarioError) -> UInt64 {
        let word = try expectWord(after: name, "a duration such as '2s' or '500ms'")
        return try counted(try duration(word), at: word.location)
    }

    private mutating func parseOptionalDuration(default value: UInt64) throws(ScenarioError) -> UInt64 {
        guard let word = nextWord() else { return value }
        return try counted(try duration(word), at: word.location)
    }

    /// Adds `nanoseconds` to the script's total, failing at the duration that takes it past ``maximumTotal``.
    private mutating func counted(_ nanoseconds: UInt64, at location: SourceLocation) throws(ScenarioError) -> UInt64 {
        let (total, overflow) = totalNanoseconds.addingReportingOverflow(nanoseconds)
        guard !overflow, total < Self.maximumTotal else {
            throw scenario.error(
                .badDuration, at: location,
                "the scenario's durations add up to more than \(Self.maximumTotal)ns (about 31 years)")
        }
        totalNanoseconds = total
        return nanoseconds
    }

    /// `500ms`, `2s`, `1.5m`, `10min`, `2h` in nanoseconds.
    private func duration(_ word: Word) throws(ScenarioError) -> UInt64 {
        let text = word.text
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = text.dropFirst(digits.count)
        let scale: Double? =
            switch unit {
            case "ms": 1e6
            case "s": 1e9
            case "m", "min": 60e9
            case "h": 3600e9
            default: nil
            }
        guard let scale, let number = Double(digits), digits.first != ".", number * scale < 1e18 else {
            throw scenario.error(
                .badDuration, at: word.location,
                "invalid duration '\(text)' (expected a number and 'ms', 's', 'm' or 'h', such as '500ms')")
        }
        return UInt64((number * scale).rounded())
    }

    private mutating func expectWord(after previous: Word, _ expected: String) throws(ScenarioError) -> Word {
        guard let word = nextWord() else {
            throw scenario.error(.badArgument, at: previous.end, "expected \(expected) after '\(previous.text)'")
        }
        return word
    }

    // MARK: - Words and separators

    /// The next word of the current statement, or `nil` at `;`, a newline, a comment or the end.
    private mutating func nextWord() -> Word? {
        while offset < bytes.count,
            bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t")
                || bytes[offset] == UInt8(ascii: "\r")
        {
            offset += 1
        }
        let start = offset
        while offset < bytes.count, !Self.endsWord(bytes[offset]) { offset += 1 }
        guard offset > start else { return nil }
        return Word(
            text: String(decoding: bytes[start..<offset], as: UTF8.self),
            location: SourceLocation(line: line, column: start - lineStart + 1),
            end: SourceLocation(line: line, column: offset - lineStart + 2))
    }

    /// Skips spaces, `;`, newlines and comments up to the next statement.
    private mutating func skipSeparators() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ";"):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            case UInt8(ascii: "#"):
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
            default:
                return
            }
        }
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "#")
    }
}
