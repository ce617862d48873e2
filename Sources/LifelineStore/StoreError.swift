/// A database that could not be opened, migrated or written.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): error: \(message)" }
}
