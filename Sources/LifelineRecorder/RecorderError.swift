/// A recorder that could not start: its directory or file is unusable.
///
/// Once recording, the recorder never throws: a failing disk drops events and
/// counts them (see ``Recorder/droppedCount``).
public struct RecorderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What could not be done.
    ///
    /// An open set: a later version may add codes, so a `switch` over them needs a `default`
    /// (GRDB's `ResultCode` and NIO's error codes are the same kind of struct).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        public static let cannotCreateDirectory = Code(rawValue: "cannotCreateDirectory")
        public static let cannotOpenFile = Code(rawValue: "cannotOpenFile")
        public static let cannotWriteFile = Code(rawValue: "cannotWriteFile")
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
        default: return "\(path): error: \(code): \(reason)"
        }
    }
}
