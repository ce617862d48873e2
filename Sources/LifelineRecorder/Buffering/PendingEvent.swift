import LifelineFormat

/// An event recorded but not yet written: what the caller's thread stores.
///
/// No `seq` yet (the writer assigns it in timestamp order) and no encoding:
/// the caller's thread only copies these fields into preallocated memory.
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
