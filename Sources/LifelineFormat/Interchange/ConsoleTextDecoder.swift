import LifelineCore

/// Reads console text — what `print(#function)` and hand-written lifecycle lines leave in Xcode's
/// console, `xcrun simctl launch --console`, or a device log — into launches (docs/interchange.md#console-text).
///
/// Each line may start with a timestamp and a process column, as `NSLog`, `os_log` in Xcode's
/// console and `log show --style compact` print them:
///
/// ```
/// 2026-11-21 10:00:00.123456+0900 Notes[4711:123456] SceneDelegate - sceneDidBecomeActive(_:)
/// ```
///
/// which gives the time, the process name and pid, and the thread (also after a log file's line
/// counter, in a logger's `2022/08/31 13:33:54:414`, with the time trimmed, or inside `flutter run -v`'s
/// columns). The rest of the line names the
/// callback in one of the shapes apps print: the Swift selector `#function` gives
/// (`application(_:didFinishLaunchingWithOptions:)`), with a type prefix (`SceneDelegate -
/// sceneDidBecomeActive(_:)`, `[AppDelegate] ...`, `SceneDelegate.sceneWillResignActive(_:)`), an
/// Objective-C method anywhere (`-[SceneDelegate sceneDidBecomeActive:]`), Unity's `-> applicationDidBecomeActive()`,
/// or a bare case name or long selector fragment as the first word (`sceneDidBecomeActive`,
/// `didFinishLaunchingWithOptions`; a bare short alias such as `openURL` is not enough). Frameworks'
/// own life-cycle lines (`scenePhase: active`, `AppLifecycleState.paused`) are app events (``FrameworkLifecycle``). Names normalise through the callback catalog. A first word that
/// is a dotted lowercase name (`db.open`, `state.save`) is an app event, and `key=value` words
/// after it are its attrs. Every other line is skipped and counted, never guessed at.
///
/// `<UIWindowScene: 0x…>` / `<UIScene: 0x…>` in a line is the scene's identity; a
/// `persistentIdentifier` the line prints is the session. A new pid, or `willFinishLaunching` /
/// `didFinishLaunching` a second time (in lines that name no pid), starts a new launch; a launch
/// that shows neither is an excerpt (docs/interchange.md#launches).
public enum ConsoleTextDecoder {
    public static func decode(
        _ bytes: [UInt8], options: InterchangeOptions = InterchangeOptions(), progress: ((Int) -> Void)? = nil
    ) -> DecodedTrace {
        var decoder = InterchangeLineDecoder(shape: .text, options: options)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        forEachLine(bytes, &start, &number, progress) { line, number in decoder.add(line, number: number) }
        return decoder.finish(lineCount: number)
    }

    /// What reading console text line by line carries from one line to the next.
    struct LineState {
        /// `--pattern`, compiled once (a `Regex<AnyRegexOutput>`; `Any` because `Regex` needs macOS 13).
        var regex: Any?
        /// The app and pid `xcrun simctl launch --console` printed before the app's output.
        var launched: (app: String, pid: Int64)?
        var cache = TimestampCache()

        init(options: InterchangeOptions) {
            if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let pattern = options.pattern {
                regex = try? Regex(pattern.source)
            }
        }
    }

    /// Reads one line (without its newline; blank lines are skipped) into the assembler.
    static func add(_ line: ArraySlice<UInt8>, number: Int, _ state: inout LineState, _ assembler: inout LaunchAssembler) {
        var line = line
        if line.last == 0x0D { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *), let regex = state.regex as? Regex<AnyRegexOutput> {
            addMatching(line, number: number, regex, cache: &state.cache, &assembler)
            return
        }
        // `xcrun simctl launch --console` prints `BUNDLE_ID: PID` before the app's output.
        if let header = simctlHeader(line) {
            state.launched = header
            assembler.result.ignored += 1
            return
        }
        var fields = LineFields()
        let message = prefix(line, into: &fields, cache: &state.cache)
        if fields.pid == nil, let launched = state.launched {
            fields.pid = launched.pid
            fields.process = launched.app
        }
        assembler.add(message: message, fields: fields, session: nil, scene: nil, line: number)
    }

    /// Reads a line with the user's `--pattern`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    private static func addMatching(
        _ line: ArraySlice<UInt8>, number: Int, _ regex: Regex<AnyRegexOutput>, cache: inout TimestampCache,
        _ state: inout LaunchAssembler
    ) {
        let text = String(decoding: line, as: UTF8.self)
        guard let match = try? regex.firstMatch(in: text) else {
            state.result.ignored += 1
            return
        }
        func group(_ name: String) -> String? {
            guard regex.contains(captureNamed: name) else { return nil }
            return match.output[name]?.substring.map(String.init)
        }
        var fields = LineFields()
        if let time = group("time") {
            let bytes = Array(time.utf8)[...]
            let timeOfDay = self.timeOfDay(bytes).flatMap { $0.end == bytes.endIndex ? cache.timeOfDay($0.nanoseconds) : nil }
            guard let nanoseconds = timeOfDay ?? timestamp(time) else {
                state.result.diagnostics.append(
                    Diagnostic(.warning, line: number, column: 1, "cannot read time '\(time)' (line skipped)"))
                state.result.malformed += 1
                return
            }
            fields.time = nanoseconds
            fields.wallClock = time.contains("-")
        }
        if let pid = group("pid") {
            guard let value = Int64(pid) else {
                state.result.diagnostics.append(
                    Diagnostic(.warning, line: number, column: 1, "pid '\(pid)' is not a number (line skipped)"))
                state.result.malformed += 1
                return
            }
            fields.pid = value
        }
        fields.thread = group("thread")
        let message = Array((group("event") ?? "").utf8)
        state.add(message: message[...], fields: fields, session: group("session"), scene: group("scene"), line: number)
    }

    // MARK: - Lines

    private static func forEachLine(
        _ bytes: [UInt8], _ start: inout Int, _ number: inout Int, _ progress: ((Int) -> Void)?,
        _ body: (ArraySlice<UInt8>, Int) -> Void
    ) {
        while start < bytes.count {
            if number & 0x3FFF == 0 { progress?(start) }
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { body(line, number) }
            start = end + 1
        }
        progress?(bytes.count)
    }

    /// `com.example.Notes: 51234`, the line `xcrun simctl launch --console` starts with.
    static func simctlHeader(_ line: ArraySlice<UInt8>) -> (app: String, pid: Int64)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex, colon + 2 < line.endIndex,
            line[colon + 1] == 0x20
        else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.contains(UInt8(ascii: ".")),
            name.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
            let pid = Int64(String(decoding: line[(colon + 2)...], as: UTF8.self)), pid > 0
        else { return nil }
        return (String(decoding: name, as: UTF8.self), pid)
    }

    /// What a line's prefix said.
    struct LineFields {
        var time: Int64?
        /// Whether `time` is a date (nanoseconds since 1970), not seconds since some start.
        var wallClock = false
        var process: String?
        var pid: Int64?
        var thread: String?
    }

    /// Reads what a line starts with before its message; returns the message after it.
    ///
    /// - a leading time, `YYYY-MM-DD HH:MM:SS[.ffffff][±ZZZZ]` (NSLog, Xcode, `log show`) or
    ///   `YYYY/MM/DD HH:MM:SS:SSS` (a logger's own, as Signal's), with a log file's line counter
    ///   before it (`42884 2018-06-08 10:21:15.453 …`, a line copied out of a numbered file);
    /// - a leading time of day, `HH:MM:SS[.fff]` (an app's own logger, real-logs 16): the events'
    ///   times, but no date for the launch's start;
    /// - after either, a `Name[pid:thread]` or syslog `Name[pid]:` column, after `log show --style
    ///   compact`'s type column or a syslog host name (`localhost Runner[31898]: …`);
    /// - without a time, `Name[pid:thread]` (an NSLog line whose time was trimmed): both numbers, so
    ///   that a message such as `Array[3] is empty` is not taken for a process;
    /// - `flutter run -v`'s elapsed-time column (`[ +350 ms] `, `[        ] `) and its `[DEVICE LOG] `
    ///   tag, which wrap the device's own line.
    static func prefix(_ line: ArraySlice<UInt8>, into fields: inout LineFields, cache: inout TimestampCache) -> ArraySlice<UInt8> {
        var rest = flutterColumns(line)
        // A time of day without a date (an app's own logger) gives the events' times, no date to start the launch at.
        var wallClock = true
        if let counted = lineCounter(rest), let time = leadingTime(counted, cache: &cache) {
            rest = counted
            fields.time = time.nanoseconds
            rest = time.rest
        } else if let time = leadingTime(rest, cache: &cache) {
            fields.time = time.nanoseconds
            rest = time.rest
        } else if let time = leadingTimeOfDay(rest, cache: &cache) {
            fields.time = time.nanoseconds
            rest = time.rest
            wallClock = false
        } else {
            if let (process, pid, thread, after) = processColumn(rest), thread != nil {
                fields.process = process
                fields.pid = pid
                fields.thread = thread
                return after
            }
            return rest
        }
        fields.wallClock = wallClock
        rest = rest.drop { $0 == 0x20 }
        // `log show --style compact` puts a type column (`Df`, `E `, `I `, `Db`, `F `) before the process,
        // a syslog line its host name (`localhost Runner[31898]: …`).
        if processColumn(rest) == nil, let space = rest.firstIndex(of: 0x20),
            !rest[rest.startIndex..<space].contains(UInt8(ascii: "["))
        {
            let after = rest[space...].drop { $0 == 0x20 }
            if processColumn(after) != nil { rest = after }
        }
        if let (process, pid, thread, after) = processColumn(rest) {
            fields.process = process
            fields.pid = pid
            fields.thread = thread
            rest = after
        }
        return rest
    }

    /// `flutter run -v` prints each line after the time since the last one (`[ +350 ms] `, `[        ] `
    /// for none), and the device's log lines after `[DEVICE LOG] `: the line without them.
    private static func flutterColumns(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = line
        if rest.first == UInt8(ascii: "["), let close = rest.firstIndex(of: UInt8(ascii: "]")), close + 1 < rest.endIndex,
            rest[close + 1] == 0x20
        {
            let inside = rest[(rest.startIndex + 1)..<close].drop { $0 == 0x20 }
            let elapsed =
                inside.isEmpty
                || (inside.first == UInt8(ascii: "+") && inside.dropFirst().prefix(while: isDigit).count > 0
                    && inside.dropFirst().drop(while: isDigit).elementsEqual(" ms".utf8))
            if elapsed { rest = rest[(close + 2)...] }
        }
        let tag = "[DEVICE LOG] ".utf8
        if rest.starts(with: tag) { rest = rest.dropFirst(tag.count) }
        return rest
    }

    /// What follows a log file's line counter (`42884 ` before a time), or nil when the line has none.
    private static func lineCounter(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let digits = line.prefix(while: isDigit)
        guard !digits.isEmpty, digits.count <= 12, digits.endIndex < line.endIndex, line[digits.endIndex] == 0x20 else { return nil }
        return line[(digits.endIndex + 1)...]
    }

    /// A leading `YYYY-MM-DD HH:MM:SS[.ffffff][zone]` or `YYYY/MM/DD HH:MM:SS[:.]fff`: its nanoseconds
    /// since 1970 and the rest of the line after it.
    private static func leadingTime(
        _ line: ArraySlice<UInt8>, cache: inout TimestampCache
    ) -> (nanoseconds: Int64, rest: ArraySlice<UInt8>)? {
        let start = line.startIndex
        guard line.count >= 19, isDigit(line[start]), line[start + 10] == UInt8(ascii: " ") || line[start + 10] == UInt8(ascii: "T")
        else { return nil }
        var end = start + 19
        while end < line.endIndex, line[end] != 0x20 { end += 1 }
        let separator = line[start + 4]
        if separator == UInt8(ascii: "-") {
            guard let time = cache.nanoseconds(line[start..<end]) else { return nil }
            return (time, line[end...])
        }
        // A logger's own `2022/08/31 13:33:54:414`: the same time as `2022-08-31 13:33:54.414` (no zone: UTC).
        guard separator == UInt8(ascii: "/"), line[start + 7] == UInt8(ascii: "/") else { return nil }
        var text = Array(line[start..<end])
        text[4] = UInt8(ascii: "-")
        text[7] = UInt8(ascii: "-")
        if text.count > 20, text[19] == UInt8(ascii: ":"), text[20...].allSatisfy(isDigit) { text[19] = UInt8(ascii: ".") }
        guard let time = cache.nanoseconds(text[...]) else { return nil }
        return (time, line[end...])
    }

    /// A leading time of day, `HH:MM:SS` with up to nine digits of a fraction (`14:33:41.817`, as an
    /// app's own logger prints it), then a space: its nanoseconds since the log's first midnight
    /// (``TimestampCache/timeOfDay(_:)``) and the rest of the line.
    private static func leadingTimeOfDay(
        _ line: ArraySlice<UInt8>, cache: inout TimestampCache
    ) -> (nanoseconds: Int64, rest: ArraySlice<UInt8>)? {
        guard let time = timeOfDay(line), time.end < line.endIndex, line[time.end] == 0x20 else { return nil }
        return (cache.timeOfDay(time.nanoseconds), line[time.end...])
    }

    /// `HH:MM:SS` with up to nine digits of a fraction at the start of `text`: its nanoseconds since
    /// midnight and where it ends.
    private static func timeOfDay(_ text: ArraySlice<UInt8>) -> (nanoseconds: Int64, end: Int)? {
        let start = text.startIndex
        guard text.count >= 8, text[start + 2] == UInt8(ascii: ":"), text[start + 5] == UInt8(ascii: ":") else { return nil }
        func twoDigits(at offset: Int) -> Int64? {
            let (tens, ones) = (text[start + offset], text[start + offset + 1])
            guard isDigit(tens), isDigit(ones) else { return nil }
            return Int64(tens - UInt8(ascii: "0")) * 10 + Int64(ones - UInt8(ascii: "0"))
        }
        guard let hours = twoDigits(at: 0), hours < 24, let minutes = twoDigits(at: 3), minutes < 60,
            let seconds = twoDigits(at: 6), seconds <= 60
        else { return nil }
        var index = start + 8
        var fraction: Int64 = 0
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            let read = TimestampCache.fraction(text, from: index + 1)
            guard (1...9).contains(read.digits) else { return nil }
            (fraction, index) = (read.nanoseconds, read.end)
        }
        return (((hours * 60 + minutes) * 60 + seconds) * 1_000_000_000 + fraction, index)
    }

    /// `Notes[4711:123456] rest` or `Notes(UIKitCore)[4711:1a2b] rest`.
    private static func processColumn(_ text: ArraySlice<UInt8>) -> (String, Int64, String?, ArraySlice<UInt8>)? {
        guard let open = text.firstIndex(of: UInt8(ascii: "[")), let close = text[open...].firstIndex(of: UInt8(ascii: "]")),
            open > text.startIndex, !text[text.startIndex..<open].contains(0x20)
        else { return nil }
        let inside = text[(open + 1)..<close]
        let parts = inside.split(separator: UInt8(ascii: ":"), maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty, first.count <= 18, first.allSatisfy(isDigit) else { return nil }
        let pid = first.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        var name = text[text.startIndex..<open]
        if let paren = name.firstIndex(of: UInt8(ascii: "(")) { name = name[name.startIndex..<paren] }
        let thread = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : nil
        return (String(decoding: name, as: UTF8.self), pid, thread, text[(close + 1)...].drop { $0 == 0x20 || $0 == UInt8(ascii: ":") })
    }

    /// Nanoseconds since 1970 of `2026-11-21 10:00:00.123456+0900` (also `+09:00`, `Z`, or no zone: UTC),
    /// or of a plain number of seconds (`12.345678`, a logger's time since start).
    static func timestamp(_ text: String) -> Int64? {
        if let first = text.utf8.first, isDigit(first), text.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) {
            return DecimalTime.nanoseconds(microseconds: text + "e6")
        }
        var text = text
        let bytes = Array(text.utf8)
        if bytes.count > 19 {
            let tail = bytes[19...]
            if let sign = tail.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
                let zone = bytes[(sign + 1)...]
                if zone.count == 4, zone.allSatisfy(isDigit) {
                    text =
                        String(decoding: bytes[..<(sign + 3)], as: UTF8.self) + ":" + String(decoding: bytes[(sign + 3)...], as: UTF8.self)
                }
            } else if bytes.last != UInt8(ascii: "Z") {
                text += "Z"
            }
        } else if bytes.count == 19 {
            text += "Z"
        }
        return Timestamp.parse(text)
    }

    // MARK: - Messages

    /// What a message names: a callback or an app event, with the scene and session it shows.
    struct Recognized {
        var name: EventName
        var attrs: Attributes = [:]
        /// The class of an Objective-C method line (`AppDelegate` in `-[AppDelegate applicationDidBecomeActive:]`).
        var receiver: String?
    }

    /// The callback or app event a message names, or nil.
    static func recognize(_ message: ArraySlice<UInt8>) -> Recognized? {
        let words = message.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
        guard !words.isEmpty else { return nil }
        // An Objective-C method anywhere: `-[Type selector:]` or `+[Type selector]`, also inside a
        // logger's own brackets (`[AppDelegate.m:656 -[AppDelegate applicationDidBecomeActive:]]:`).
        if let (callback, receiver) = objectiveCMethod(in: message) {
            return Recognized(name: EventName(callback), receiver: receiver)
        }
        // The first word after a type prefix (`[AppDelegate]`, `SceneDelegate -`, `SceneDelegate:`,
        // `SceneDelegate.`, `SceneDelegate sceneDidBecomeActive`) or Unity's arrow (`-> applicationDidBecomeActive()`,
        // `WARNING -> applicationDidReceiveMemoryWarning()`).
        var index = 0
        if words[0].first == UInt8(ascii: "["), words[0].last == UInt8(ascii: "]") { index = 1 }
        if index == 0, words.count > 2, words[1].elementsEqual("-".utf8) || words[1].elementsEqual("—".utf8) { index = 2 }
        if index == 0, words.count > 1, words[0].last == UInt8(ascii: ":"), isIdentifier(words[0].dropLast()) { index = 1 }
        if index == 0, words.count > 1, words[0].elementsEqual("->".utf8) { index = 1 }
        if index == 0, words.count > 2, words[1].elementsEqual("->".utf8), isIdentifier(words[0]) { index = 2 }
        if index == 0, words.count > 1, isTypeName(words[0]), callbackWord(words[1]) != nil { index = 1 }
        if index < words.count {
            var word = words[index]
            if let dot = word.firstIndex(of: UInt8(ascii: ".")), isTypeName(word[word.startIndex..<dot]),
                let callback = callbackWord(word[(dot + 1)...])
            {
                return Recognized(name: EventName(callback))
            }
            if let callback = callbackWord(word) { return Recognized(name: EventName(callback)) }
            while word.last == UInt8(ascii: ":") || word.last == UInt8(ascii: ",") { word = word.dropLast() }
            if isAppEventName(word) {
                var recognized = Recognized(name: EventName(String(decoding: word, as: UTF8.self)))
                for pair in words[(index + 1)...] {
                    guard let equals = pair.firstIndex(of: UInt8(ascii: "=")), equals > pair.startIndex else { continue }
                    let key = String(decoding: pair[pair.startIndex..<equals], as: UTF8.self)
                    let value = String(decoding: pair[(equals + 1)...], as: UTF8.self)
                    if let number = Int64(value) {
                        recognized.attrs[key] = .int(number)
                    } else if value == "true" || value == "false" {
                        recognized.attrs[key] = .bool(value == "true")
                    } else {
                        recognized.attrs[key] = .string(value)
                    }
                }
                return recognized
            }
        }
        // A selector anywhere in the line: a word with parentheses or colons that names a callback.
        for word in words where word.contains(UInt8(ascii: "(")) || word.contains(UInt8(ascii: ":")) {
            var candidate = word
            if let dot = candidate.lastIndex(of: UInt8(ascii: ".")), let paren = candidate.firstIndex(of: UInt8(ascii: "(")), dot < paren {
                candidate = candidate[(dot + 1)...]
            }
            if let callback = callbackWord(candidate) { return Recognized(name: EventName(callback)) }
        }
        // What frameworks print about their own life cycle (SwiftUI's scene phase, Flutter, Unity): app events.
        return FrameworkLifecycle.recognize(words)
    }

    /// The catalog callback of the first `-[Type selector]` / `+[Type selector]` in `message` that names one, and the type.
    private static func objectiveCMethod(in message: ArraySlice<UInt8>) -> (Callback, String)? {
        var from = message.startIndex
        while let bracket = message[from...].firstIndex(of: UInt8(ascii: "[")) {
            from = bracket + 1
            // The receiver is a class (`AppDelegate`, `UIApplication(Pushwoosh)`), not a protocol: UIKit's own
            // warning names `-[<UIApplicationDelegate> application:didReceiveRemoteNotification:…]` in prose.
            guard bracket > message.startIndex, message[bracket - 1] == UInt8(ascii: "-") || message[bracket - 1] == UInt8(ascii: "+"),
                let close = message[bracket...].firstIndex(of: UInt8(ascii: "]")),
                let space = message[bracket..<close].firstIndex(of: 0x20),
                isClassName(message[(bracket + 1)..<space])
            else { continue }
            if let callback = Callback(named: String(decoding: message[(space + 1)..<close], as: UTF8.self)) {
                return (callback, String(decoding: message[(bracket + 1)..<space], as: UTF8.self))
            }
        }
        return nil
    }

    /// `AppDelegate`, `Notes.SceneDelegate`, `UIApplication(Pushwoosh)`: an Objective-C receiver's class.
    private static func isClassName(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return word.allSatisfy { byte in
            isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "(")
                || byte == UInt8(ascii: ")")
        }
    }

    /// A catalog callback a word spells: `sceneDidBecomeActive(_:)`, `sceneDidBecomeActive:`, `sceneDidBecomeActive`,
    /// `applicationDidBecomeActive()` (a call printed without its arguments, as Unity prints it), allowing
    /// trailing punctuation after a selector (`application(_:didFinishLaunchingWithOptions:),`).
    ///
    /// A bare word (no `(` or `:`) counts as the callback's case name (`sceneDidBecomeActive`) or as
    /// a selector fragment of three words or more (`didFinishLaunchingWithOptions`,
    /// `continueUserActivity`), never as a short alias that is also a word of prose (`openURL failed`).
    private static func callbackWord(_ word: ArraySlice<UInt8>) -> Callback? {
        var word = word
        if let close = word.firstIndex(of: UInt8(ascii: ")")) { word = word[word.startIndex...close] }
        while let last = word.last, last == UInt8(ascii: ",") || last == UInt8(ascii: ".") || last == UInt8(ascii: ";") {
            word = word.dropLast()
        }
        let called = word.contains(UInt8(ascii: "(")) || word.contains(UInt8(ascii: ":"))
        if word.count > 2, word.suffix(2).elementsEqual("()".utf8) { word = word.dropLast(2) }
        guard let first = word.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return nil }
        let spelling = String(decoding: word, as: UTF8.self)
        guard let callback = Callback(named: spelling) else { return nil }
        if !called && String(describing: callback) != spelling && camelCaseWords(word) < 3 { return nil }
        return callback
    }

    /// How many words a camel-case identifier joins: `didFinishLaunchingWithOptions` 5, `openURL` 2.
    private static func camelCaseWords(_ word: ArraySlice<UInt8>) -> Int {
        var count = 1
        var previous: UInt8 = 0
        for byte in word {
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte), (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(previous) {
                count += 1
            }
            previous = byte
        }
        return count
    }

    static func isIdentifier(_ word: ArraySlice<UInt8>) -> Bool {
        !word.isEmpty && word.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isTypeName(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return false }
        return isIdentifier(word)
    }

    /// `db.open`, `state.save`, `net.request_started`: lowercase words joined by dots, at least one dot.
    private static func isAppEventName(_ word: ArraySlice<UInt8>) -> Bool {
        guard let first = word.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), word.count <= 128 else { return false }
        var dots = 0
        var previousDot = false
        for byte in word {
            if byte == UInt8(ascii: ".") {
                if previousDot { return false }
                dots += 1
                previousDot = true
                continue
            }
            previousDot = false
            guard
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || isDigit(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-")
            else { return false }
        }
        return dots > 0 && !previousDot
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    /// The scene identity in `<UIWindowScene: 0x10270b110; …>` or `<UIScene: 0x…>`.
    static func sceneIdentity(_ message: ArraySlice<UInt8>) -> String? {
        address(after: windowSceneMarker, in: message) ?? address(after: sceneMarker, in: message)
    }

    private static let windowSceneMarker = Array("<UIWindowScene: ".utf8)
    private static let sceneMarker = Array("<UIScene: ".utf8)
    private static let sessionMarker = Array("<UISceneSession: ".utf8)
    private static let identifierKeys = ["persistentIdentifier = ", "persistentIdentifier: ", "persistentIdentifier="].map {
        Array($0.utf8)
    }

    /// The session a line prints: `persistentIdentifier = X` / `persistentIdentifier: X`, else `<UISceneSession: 0x…>`.
    static func sessionIdentity(_ message: ArraySlice<UInt8>) -> String? {
        for key in identifierKeys {
            if let start = find(key, in: message) {
                let value = message[(start + key.count)...].prefix { byte in
                    byte != 0x20 && byte != UInt8(ascii: ";") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: ",")
                        && byte != UInt8(ascii: ")")
                }
                if !value.isEmpty { return String(decoding: value, as: UTF8.self) }
            }
        }
        return address(after: sessionMarker, in: message)
    }

    private static func address(after marker: [UInt8], in message: ArraySlice<UInt8>) -> String? {
        guard let start = find(marker, in: message) else { return nil }
        let value = message[(start + marker.count)...].prefix { isLetter($0) || isDigit($0) }
        guard value.starts(with: "0x".utf8), value.count > 2 else { return nil }
        return String(decoding: value, as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let head = needle.first, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == head, haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// Timestamps of console lines, read fast: lines come in time order, so the nanoseconds of the
/// minute (`2026-11-21 10:00` and the zone) are computed once per minute and the seconds added.
struct TimestampCache {
    private var key: [UInt8] = []
    private var base: Int64 = 0
    /// Days a log of times of day has gone past midnight, and its last time of day.
    private var days: Int64 = 0
    private var lastTimeOfDay: Int64?

    /// A time of day (nanoseconds since midnight) as nanoseconds since the log's first midnight: a
    /// time more than 12 hours before the last one is the next day's (a log that runs past midnight).
    mutating func timeOfDay(_ nanoseconds: Int64) -> Int64 {
        let halfDay: Int64 = 12 * 3600 * 1_000_000_000
        if let last = lastTimeOfDay, nanoseconds < last - halfDay { days += 1 }
        lastTimeOfDay = nanoseconds
        return days * 2 * halfDay + nanoseconds
    }

    /// The digits of a second's fraction from `index` on (after its `.`): their nanoseconds (digits
    /// past the ninth add nothing), how many there are, and where they end.
    static func fraction(_ text: ArraySlice<UInt8>, from index: Int) -> (nanoseconds: Int64, digits: Int, end: Int) {
        var (nanoseconds, scale, end) = (Int64(0), Int64(100_000_000), index)
        while end < text.endIndex, isDigit(text[end]) {
            nanoseconds += Int64(text[end] - UInt8(ascii: "0")) * scale
            scale /= 10
            end += 1
        }
        return (nanoseconds, end - index, end)
    }

    /// `YYYY-MM-DD HH:MM:SS[.f…][zone]`, else whatever ``ConsoleTextDecoder/timestamp(_:)`` reads.
    mutating func nanoseconds(_ text: ArraySlice<UInt8>) -> Int64? {
        let start = text.startIndex
        guard text.count >= 19, text[start + 16] == UInt8(ascii: ":"), isDigit(text[start + 17]), isDigit(text[start + 18]) else {
            return ConsoleTextDecoder.timestamp(String(decoding: text, as: UTF8.self))
        }
        var index = start + 19
        var fraction: Int64 = 0
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            (fraction, _, index) = Self.fraction(text, from: index + 1)
        }
        let zone = text[index...]
        let minute = text[start..<(start + 16)]
        if !(key.count == 16 + zone.count && key[0..<16].elementsEqual(minute) && key[16...].elementsEqual(zone)) {
            guard
                let value = ConsoleTextDecoder.timestamp(
                    String(decoding: minute, as: UTF8.self) + ":00" + String(decoding: zone, as: UTF8.self))
            else { return nil }
            key = Array(minute) + Array(zone)
            base = value
        }
        let seconds = Int64(text[start + 17] - UInt8(ascii: "0")) * 10 + Int64(text[start + 18] - UInt8(ascii: "0"))
        guard seconds <= 60 else { return nil }
        let (total, overflow) = base.addingReportingOverflow(seconds * 1_000_000_000 + fraction)
        return overflow ? nil : total
    }
}
