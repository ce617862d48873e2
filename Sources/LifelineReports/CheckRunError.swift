/// Why a check could not run: bad arguments, unreadable input or rules that do not parse.
///
/// `lifeline check` exits with status 2 and prints ``description``.
public struct CheckRunError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
