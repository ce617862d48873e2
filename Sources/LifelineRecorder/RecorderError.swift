/// A recorder that could not start: its directory or file is unusable.
///
/// Once recording, the recorder never throws: a failing disk drops events and
/// counts them (see ``Recorder/droppedCount``).
public struct RecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        case cannotCreateDirectory
        case cannotOpenFile
        case cannotWriteFile
    }

    public var code: Code
    public var path: String
    public var reason: String

    public init(_ code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch code {
        case .cannotCreateDirectory: return "\(path): error: cannot create directory: \(reason)"
        case .cannotOpenFile: return "\(path): error: cannot open trace file: \(reason)"
        case .cannotWriteFile: return "\(path): error: cannot write trace file: \(reason)"
        }
    }
}
