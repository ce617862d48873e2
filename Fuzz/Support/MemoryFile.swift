import Foundation

/// Bytes behind a path, for code under test that reads files: an unlinked temporary file
/// reached through `/proc/self/fd`, so nothing is left behind, even when a fuzzer is killed.
///
/// ```swift
/// let file = MemoryFile(bytes)
/// try RuleChecker(rules: rules, onFinding: { _ in }).check(file: file.path)
/// ```
public final class MemoryFile {
    public let descriptor: Int32
    public var path: String { "/proc/self/fd/\(descriptor)" }

    public init(_ bytes: some Collection<UInt8>) {
        var template = Array((NSTemporaryDirectory() + "/lifeline-fuzz-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { fatalError("mkstemp: \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        Array(bytes).withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard count > 0 else { fatalError("write: \(String(cString: strerror(errno)))") }
                written += count
            }
        }
        lseek(descriptor, 0, SEEK_SET)
    }

    deinit { close(descriptor) }
}
