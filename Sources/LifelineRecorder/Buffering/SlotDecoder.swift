import LifelineFormat

/// The writer's side of the shards' string ids: turns taken slots back into
/// events with their strings.
///
/// It keeps, per shard, the string each id stands for, as that shard's
/// ``StringDefinitionSlot``s said; a shard's slots are decoded in the order they
/// were stored, so an id always means the string the caller passed with it.
struct SlotDecoder {
    private var strings: [[String?]]

    init(shardCount: Int) {
        strings = Array(repeating: Array(repeating: nil, count: StringInterner.capacity + 1), count: shardCount)
    }

    /// Moves `batch`'s slots out (leaving its memory uninitialized) and appends its events to `events`.
    mutating func decode(_ batch: ShardSet.Batch, shard: Int, into events: inout [PendingEvent]) {
        guard let slots = batch.slots else { return }
        events.reserveCapacity(events.count + batch.count)
        ShardSet.forEachSlot(slots, count: batch.count) { slot in
            switch consume slot {
            case .definition(let id, let string):
                strings[shard][Int(id)] = string
            case .event(let event):
                events.append(PendingEvent(
                    t: event.t, callback: event.callback, phase: event.phase, thread: event.thread,
                    name: strings[shard][Int(event.name)], session: strings[shard][Int(event.session)],
                    scene: strings[shard][Int(event.scene)], attrs: event.attrs))
            }
        }
    }
}
