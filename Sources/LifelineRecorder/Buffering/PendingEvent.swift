import LifelineFormat

/// An event taken from a shard but not yet written, its string ids resolved.
///
/// No `seq` yet: the writer assigns it in timestamp order when it merges the
/// shards. The caller's thread stores the smaller ``EventSlot``; the writer
/// builds these from a taken batch.
struct PendingEvent {
    /// Nanoseconds since the recorder's origin.
    var t: UInt64
    /// The catalog callback, or `nil` for an app-defined `name`.
    var callback: Callback?
    var phase: Phase
    /// Index of the recording thread's label.
    var thread: UInt32
    /// The app-defined event name, when `callback` is `nil`.
    var name: String?
    var session: String?
    var scene: String?
    var attrs: Attributes?
}
