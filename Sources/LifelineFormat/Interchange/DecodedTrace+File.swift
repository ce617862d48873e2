import LifelineSupport

// MARK: - Decoding a file

extension DecodedTrace {
    /// Reads the file at `path` whole and decodes it as `shape` (``decode(_:shape:options:progress:)``):
    /// what `lifeline import` and `lifeline check` do with an input that is not a Lifeline trace.
    ///
    /// ```swift
    /// let decoded = try DecodedTrace.decode(contentsOf: "device.log", shape: .text)
    /// for launch in decoded.launches { ... }
    /// ```
    public static func decode(
        contentsOf path: String, shape: TraceShape, options: InterchangeOptions = InterchangeOptions(),
        progress: ((Int) -> Void)? = nil
    ) throws(TraceFileError) -> DecodedTrace {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.contents(of: path)
        } catch {
            throw TraceFileError(path: path, operation: "read", errno: 0, reason: error.description)
        }
        return decode(bytes, shape: shape, options: options, progress: progress)
    }
}
