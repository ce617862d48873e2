import LifelineCore

/// The writer's side of the shards' string ids: turns taken slots into pending
/// events whose line tails are already encoded.
///
/// It keeps, per shard, the JSON literal each id stands for, as that shard's
/// ``StringDefinitionSlot``s said, escaped once when the definition arrives; a
/// shard's slots are decoded in the order they were stored, so an id always
/// means the string the caller passed with it. Callback names and thread labels
/// are escaped once too. An event's tail (``EventLineEncoder``) is encoded when
/// it is decoded, so a later definition that reuses an id cannot change it.
struct SlotDecoder {
    private static let idsPerShard = StringInterner.capacity + 1

    /// The interned strings' literals; compacted when redefinitions leave it mostly dead.
    private var strings: ByteBuffer
    private var liveBytes = 0
    /// Per shard and id (`shard * idsPerShard + id`): where its literal starts in `strings`, and its length (-1: none).
    private var fragmentStart: [Int]
    private var fragmentLength: [Int]
    /// Callback names' literals (by raw value), then thread labels' (by index); never rewritten.
    private var fixed: ByteBuffer
    private var callbackStart: [Int] = []
    private var callbackLength: [Int] = []
    private var labelStart: [Int] = []
    private var labelLength: [Int] = []
    private let labels: () -> [String]
    private var scratch: [UInt8] = []

    /// - Parameter labels: The recording threads' labels by index (they are only ever appended to).
    init(shardCount: Int, labels: @escaping () -> [String]) {
        self.labels = labels
        strings = ByteBuffer(capacity: 4096)
        fixed = ByteBuffer(capacity: 4096)
        fragmentStart = Array(repeating: 0, count: shardCount * Self.idsPerShard)
        fragmentLength = Array(repeating: -1, count: shardCount * Self.idsPerShard)
        for callback in Callback.allCases {
            let index = Int(callback.rawValue)
            if index >= callbackStart.count {
                callbackStart += Array(repeating: 0, count: index + 1 - callbackStart.count)
                callbackLength += Array(repeating: 0, count: index + 1 - callbackLength.count)
            }
            callbackStart[index] = fixed.count
            EventLineEncoder.appendLiteral(EventName(callback).name, scratch: &scratch, to: &fixed)
            callbackLength[index] = fixed.count - callbackStart[index]
        }
    }

    /// Frees the buffers; the decoder must not be used afterwards.
    func deallocate() {
        strings.deallocate()
        fixed.deallocate()
    }

    /// Moves `batch`'s slots out (leaving its memory uninitialized), encodes each event's
    /// tail onto `tails` and appends the event to `events`.
    mutating func decode(
        _ batch: ShardSet.Batch, shard: Int, into events: inout [PendingEvent], tails: inout ByteBuffer
    ) {
        guard let slots = batch.slots else { return }
        events.reserveCapacity(events.count + batch.count)
        let first = shard * Self.idsPerShard
        ShardSet.forEachSlot(slots, count: batch.count) { slot in
            switch consume slot {
            case .definition(let id, let string):
                define(first + Int(id), string)
            case .event(let event):
                let start = tails.count
                // Labels first: learning one may move `fixed`, which the name's literal may point into.
                let thread = Int(event.thread)
                if thread >= labelStart.count { learnLabels() }
                let name: UnsafeRawBufferPointer
                if let callback = event.callback {
                    name = UnsafeRawBufferPointer(
                        start: fixed.base + callbackStart[Int(callback.rawValue)],
                        count: callbackLength[Int(callback.rawValue)])
                } else {
                    name = fragment(first + Int(event.name)) ?? Self.emptyLiteral
                }
                let label =
                    thread < labelStart.count
                    ? UnsafeRawBufferPointer(start: fixed.base + labelStart[thread], count: labelLength[thread]) : nil
                EventLineEncoder.appendTail(
                    name: name, phase: event.phase, session: fragment(first + Int(event.session)),
                    scene: fragment(first + Int(event.scene)), thread: label, attrs: event.attrs,
                    scratch: &scratch, to: &tails)
                events.append(PendingEvent(t: event.t, tailStart: start, tailLength: tails.count - start))
            }
        }
    }

    /// `""`, the name of an event whose name string is unknown.
    private static var emptyLiteral: UnsafeRawBufferPointer {
        let literal: StaticString = #""""#
        return UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    @inline(__always)
    private func fragment(_ index: Int) -> UnsafeRawBufferPointer? {
        let length = fragmentLength[index]
        return length < 0 ? nil : UnsafeRawBufferPointer(start: strings.base + fragmentStart[index], count: length)
    }

    private mutating func define(_ index: Int, _ string: String) {
        if fragmentLength[index] >= 0 { liveBytes -= fragmentLength[index] }
        fragmentLength[index] = -1
        if strings.count > 64 << 10 && liveBytes * 2 < strings.count { compact() }
        let start = strings.count
        EventLineEncoder.appendLiteral(string, scratch: &scratch, to: &strings)
        fragmentStart[index] = start
        fragmentLength[index] = strings.count - start
        liveBytes += strings.count - start
    }

    /// Copies the literals still in use to a fresh buffer.
    private mutating func compact() {
        var fresh = ByteBuffer(capacity: max(4096, liveBytes * 2))
        for index in fragmentLength.indices where fragmentLength[index] >= 0 {
            let start = fresh.count
            fresh.append(UnsafeRawBufferPointer(start: strings.base + fragmentStart[index], count: fragmentLength[index]))
            fragmentStart[index] = start
        }
        strings.deallocate()
        strings = fresh
    }

    private mutating func learnLabels() {
        let all = labels()
        guard all.count > labelStart.count else { return }
        for label in all[labelStart.count...] {
            let start = fixed.count
            EventLineEncoder.appendLiteral(label, scratch: &scratch, to: &fixed)
            labelStart.append(start)
            labelLength.append(fixed.count - start)
        }
    }
}
