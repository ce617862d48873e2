#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A growable run of bytes the writer owns: appends are a bounds check and a copy,
/// with no uniqueness check or reference counting as an `[UInt8]` would need.
///
/// It is a plain value holding a pointer: copies share the memory, so exactly one
/// owner calls ``deallocate()`` once, and a copy taken out for a loop is stored back.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func deallocate() { base.deallocate() }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Room for `extra` more bytes without growing.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `length` bytes that start `offset` bytes into this buffer (a cached fragment).
    @inline(__always)
    mutating func appendOwn(offset: Int, length: Int) {
        reserve(length)
        memcpy(base + count, base + offset, length)
        count &+= length
    }

    /// "00" to "99": the digits of each two-digit number, so a number is written two digits per division.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `value` in decimal, writing the digits in place, two at a time.
    @inline(__always)
    mutating func appendDecimal(_ value: UInt64) {
        var digits = 1
        var bound: UInt64 = 10
        while value >= bound && digits < 20 {
            digits &+= 1
            let (next, overflow) = bound.multipliedReportingOverflow(by: 10)
            if overflow { break }
            bound = next
        }
        reserve(digits)
        let pairs = Self.digitPairs.utf8Start
        var remaining = value
        var index = count &+ digits
        while remaining >= 100 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            index &-= 2
            base[index] = pairs[pair]
            base[index &+ 1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(truncatingIfNeeded: remaining) &* 2
            base[index &- 2] = pairs[pair]
            base[index &- 1] = pairs[pair &+ 1]
        } else {
            base[index &- 1] = UInt8(truncatingIfNeeded: remaining) &+ UInt8(ascii: "0")
        }
        count &+= digits
    }

    /// Forgets the contents, keeping the memory.
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Drops the first `length` bytes, moving the rest to the front.
    mutating func removeFirst(_ length: Int) {
        let remaining = count - length
        if remaining > 0 { memmove(base, base + length, remaining) }
        count = max(0, remaining)
    }
}
