import Foundation
import LifelineDemo
import LifelineStore
import LifelineTerminal

/// The repository's root, found from this file's path: samples, scripts and queries live there.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

extension TextTable {
    /// The rows as dictionaries by column name, for assertions that read.
    var records: [[String: String]] {
        rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(columns, row).compactMap { name, value in value.map { (name, $0) } })
        }
    }
}
