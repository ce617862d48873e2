/// The fields of one scanned event line in 64 bytes: what the file checker reads of an event,
/// handed from the reading thread to the checking thread in a ``ScannedLineBatch`` instead of a
/// ``ScannedLine`` (several hundred bytes, most of them the launch record's fields).
///
/// Strings are byte ranges of the line or, after escapes, of the scanner's scratch space (as in
/// ``ScannedString``), in 32 bits each: a line is at most ``TraceLineReader/maximumLineLength``
/// bytes, far below 2 GiB, and ``init?(_:lineLength:)`` refuses a longer one.
package struct ScannedEvent: Sendable {
    /// A string's bytes: `start..<start + count` of the line, or of the scratch space when decoded.
    package struct Span: Sendable {
        package var start: UInt32
        /// The count in the low 31 bits; the high bit says the bytes are in the scratch space.
        private var countAndDecoded: UInt32

        /// No string (the field is absent or `null`).
        package static let absent = Span(start: UInt32.max, countAndDecoded: UInt32.max)

        private init(start: UInt32, countAndDecoded: UInt32) {
            self.start = start
            self.countAndDecoded = countAndDecoded
        }

        /// `string`'s range; the caller has checked that it fits.
        init(_ string: ScannedString) {
            start = UInt32(truncatingIfNeeded: string.start)
            countAndDecoded = UInt32(truncatingIfNeeded: string.count) | (string.isDecoded ? 1 << 31 : 0)
        }

        init(_ string: ScannedString?) { self = string.map(Span.init) ?? .absent }

        init(_ range: Range<Int>?) {
            guard let range else {
                self = .absent
                return
            }
            self.init(ScannedString(start: range.lowerBound, count: range.count, isDecoded: false))
        }

        package var isAbsent: Bool { countAndDecoded == UInt32.max }
        package var count: Int { Int(countAndDecoded & ~(1 << 31)) }
        package var isDecoded: Bool { countAndDecoded & (1 << 31) != 0 }

        /// The bytes, from `line` or (decoded) `scratch`; nil when absent.
        @inline(__always)
        package func bytes(line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
            if isAbsent { return nil }
            let start = Int(start)
            return UnsafeRawBufferPointer(rebasing: (isDecoded ? scratch : line)[start..<(start + count)])
        }
    }

    package var seq: Int64
    package var t: Int64
    /// The event name as written (aliases not yet normalised).
    package var event: Span
    package var session: Span
    package var scene: Span
    package var thread: Span
    /// The raw `attrs` object in the line, already validated.
    package var attrs: Span
    /// The catalog callback the name denotes, if any.
    package var callback: Callback?
    package var phase: Phase

    /// The event fields of `scanned`, an event line of `lineLength` bytes scanned with a
    /// scratch space of `scratchLength` bytes; nil for a launch line, or one too long for 32-bit offsets.
    package init?(_ scanned: ScannedLine, lineLength: Int, scratchLength: Int) {
        guard scanned.kind == .event, lineLength < 1 << 31, scratchLength < 1 << 31 else { return nil }
        seq = scanned.seq
        t = scanned.t
        event = Span(scanned.event)
        session = Span(scanned.session)
        scene = Span(scanned.scene)
        thread = Span(scanned.thread)
        attrs = Span(scanned.attrs)
        callback = scanned.callback
        phase = scanned.phase
    }
}

extension EventRecord {
    /// The owned record of a scanned event: names, strings and attributes decoded.
    package init(_ scanned: ScannedEvent, line: UnsafeRawBufferPointer, scratch: UnsafeRawBufferPointer) {
        func text(_ span: ScannedEvent.Span) -> String? {
            span.bytes(line: line, scratch: scratch).map { String(decoding: $0, as: UTF8.self) }
        }
        let name = scanned.callback.map(EventName.init) ?? EventName(text(scanned.event) ?? "")
        let attrs = scanned.attrs.bytes(line: line, scratch: scratch).map(AttributesDecoder.decode) ?? [:]
        self.init(
            seq: scanned.seq, t: scanned.t, event: name, phase: scanned.phase, session: text(scanned.session),
            scene: text(scanned.scene), thread: text(scanned.thread), attrs: attrs)
    }
}
