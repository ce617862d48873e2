import Foundation

/// A file written in 4 MB pieces.
public struct BufferedOutput {
    let handle: FileHandle
    public var bytes: [UInt8] = []

    public init(_ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)!
    }

    public mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    public mutating func flush(force: Bool = false) {
        guard force || bytes.count > 1 << 22 else { return }
        handle.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func close() throws {
        flush(force: true)
        try handle.close()
    }
}
