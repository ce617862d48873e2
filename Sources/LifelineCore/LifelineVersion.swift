/// Lifeline's version, defined once.
///
/// `lifeline --version` prints it and the SARIF report names it as its tool's version;
/// a tool built on the libraries can print it as well.
///
/// ```swift
/// print("lifeline \(LifelineVersion.current)")   // lifeline 0.1.0
/// ```
public enum LifelineVersion {
    /// The release this source is, `major.minor.patch`.
    public static let current = "0.1.0"
}
