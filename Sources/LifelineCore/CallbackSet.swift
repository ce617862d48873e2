/// A set of catalog callbacks: which callbacks a launch records.
///
/// Real apps log only some of UIKit's callbacks. A launch record may say which
/// ones its trace records (`"records":["sceneWillEnterForeground",...]`); a
/// callback outside the set may have happened unseen, so a rule that needs it
/// cannot be judged on that launch. A bit per ``Callback``, so the set is a
/// plain value that costs nothing to copy or compare.
///
/// ```swift
/// let recorded = CallbackSet([.sceneDidBecomeActive, .sceneWillResignActive])
/// recorded.contains(.willConnectTo)   // false
/// ```
public struct CallbackSet: Hashable, Sendable, Sequence {
    /// One bit per callback, by raw value.
    public private(set) var bits: UInt64

    /// The empty set.
    public init() { bits = 0 }

    /// The set of the given callbacks.
    public init(_ callbacks: some Sequence<Callback>) {
        bits = 0
        for callback in callbacks { insert(callback) }
    }

    /// Every callback of the catalog.
    public static let all = CallbackSet(Callback.allCases)

    public func contains(_ callback: Callback) -> Bool { bits & Self.bit(callback) != 0 }

    public mutating func insert(_ callback: Callback) { bits |= Self.bit(callback) }

    public var isEmpty: Bool { bits == 0 }

    public var count: Int { bits.nonzeroBitCount }

    /// The callbacks in catalog order.
    public var elements: [Callback] { Callback.allCases.filter(contains) }

    public func makeIterator() -> IndexingIterator<[Callback]> { elements.makeIterator() }

    /// The callbacks of this set that `other` lacks, in catalog order.
    public func subtracting(_ other: CallbackSet) -> CallbackSet {
        var result = CallbackSet()
        result.bits = bits & ~other.bits
        return result
    }

    private static func bit(_ callback: Callback) -> UInt64 { 1 << UInt64(callback.rawValue) }
}
