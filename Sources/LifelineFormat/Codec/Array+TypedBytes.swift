// MARK: - Typed-throws access to array bytes

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` that keeps the body's typed error (the standard one only rethrows `any Error`).
    @inline(__always)
    func withTypedBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = withUnsafeBytes { raw in Result { () throws(E) -> R in try body(raw) } }
        return try result.get()
    }

    /// `withUnsafeMutableBytes` that keeps the body's typed error.
    @inline(__always)
    mutating func withTypedMutableBytes<R, E: Error>(
        _ body: (UnsafeMutableRawBufferPointer) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = withUnsafeMutableBytes { raw in Result { () throws(E) -> R in try body(raw) } }
        return try result.get()
    }
}
