import Foundation

/// A new, empty directory under the system's temporary directory, named after the test
/// that asked for it (`lifeline-importsTwice-6F1C…`); the caller removes it.
///
/// ```swift
/// let directory = try temporaryDirectory()
/// defer { try? FileManager.default.removeItem(at: directory) }
/// ```
public func temporaryDirectory(_ label: String = #function) throws -> URL {
    let url = URL(fileURLWithPath: NSTemporaryDirectory())
        .appendingPathComponent("lifeline-\(label.filter(\.isLetter).prefix(40))-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
