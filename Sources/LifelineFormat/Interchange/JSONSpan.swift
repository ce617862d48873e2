/// Where a value lies in the bytes a ``JSONReader`` reads: what
/// ``JSONReader/readObject(selecting:into:)`` notes for each member it is asked for, to be read
/// later (``JSONReader/string(in:)``, ``JSONReader/stringBytes(in:)``, ``JSONReader/value(in:)``)
/// only if it is needed. The value has been checked: reading it cannot fail.
public struct JSONSpan: Sendable, Hashable {
    /// The value's bytes, from its first byte to just after its last.
    public let range: Range<Int>
    /// The line the value starts on, and the offset of that line's first byte (to locate the objects inside it).
    let line: Int
    let lineStart: Int
}
