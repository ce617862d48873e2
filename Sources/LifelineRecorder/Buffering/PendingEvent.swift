/// An event taken from a shard but not yet written: its time and its line's
/// tail, already encoded into the shard's tail buffer.
///
/// No `seq` yet: the writer assigns it in timestamp order when it merges the
/// shards, and writes the line's head (``EventLineEncoder/appendHead(seq:t:to:)``)
/// before copying the tail. A plain value: holding it retains nothing.
struct PendingEvent {
    /// Nanoseconds since the recorder's origin.
    var t: UInt64
    /// Where the tail starts in the shard's tail buffer.
    var tailStart: Int
    /// The tail's length in bytes.
    var tailLength: Int
}
