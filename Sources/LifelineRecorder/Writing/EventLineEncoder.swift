import LifelineCore

/// Encodes event lines from pre-escaped fragments, byte for byte as ``TraceEncoder`` would.
///
/// The writer escapes each interned string, callback name and thread label once,
/// as a JSON string literal (its "fragment"), and builds a line from those: the
/// part after `seq` and `t` (the "tail") when it takes the event from its shard,
/// the head with the numbers when it assigns them in time order. Nothing here
/// allocates or retains except ``appendTail(name:phase:session:scene:thread:attrs:scratch:to:)``
/// for an event with attributes, which goes through ``TraceEncoder/attributes(_:_:)``.
enum EventLineEncoder {
    /// Appends `string` as an escaped JSON string literal, quotes included.
    static func appendLiteral(_ string: String, scratch: inout [UInt8], to buffer: inout ByteBuffer) {
        scratch.removeAll(keepingCapacity: true)
        TraceEncoder.string(string, &scratch)
        buffer.append(scratch)
    }

    /// Appends `{"seq":N,"t":T`, the start of an event line.
    @inline(__always)
    static func appendHead(seq: UInt64, t: UInt64, to buffer: inout ByteBuffer) {
        buffer.append(#"{"seq":"#)
        buffer.appendDecimal(seq)
        buffer.append(#","t":"#)
        buffer.appendDecimal(t)
    }

    /// Appends the rest of an event line, from `,"event":` to the newline.
    ///
    /// - Parameters:
    ///   - name: The event name's literal.
    ///   - session: The session id's literal, or `nil` to omit the field; likewise `scene` and `thread`.
    ///   - scratch: Reused storage for encoding `attrs`.
    @inline(__always)
    static func appendTail(
        name: UnsafeRawBufferPointer, phase: Phase, session: UnsafeRawBufferPointer?, scene: UnsafeRawBufferPointer?,
        thread: UnsafeRawBufferPointer?, attrs: Attributes?, scratch: inout [UInt8], to buffer: inout ByteBuffer
    ) {
        buffer.append(#","event":"#)
        buffer.append(name)
        switch phase {
        case .instant: break
        case .begin: buffer.append(#","phase":"begin""#)
        case .end: buffer.append(#","phase":"end""#)
        }
        if let session {
            buffer.append(#","session":"#)
            buffer.append(session)
        }
        if let scene {
            buffer.append(#","scene":"#)
            buffer.append(scene)
        }
        if let thread {
            buffer.append(#","thread":"#)
            buffer.append(thread)
        }
        if let attrs, !attrs.isEmpty {
            buffer.append(#","attrs":"#)
            scratch.removeAll(keepingCapacity: true)
            TraceEncoder.attributes(attrs, &scratch)
            buffer.append(scratch)
        }
        buffer.append("}\n")
    }
}
