import LifelineFormat
import LifelineSupport

/// A comma-separated list of callback names given on the command line (`--records`).
///
/// Names may be any alias (`willConnectTo`, `scene(_:willConnectTo:options:)`); spaces around
/// them are ignored, and an empty list declares that no callback is recorded. A name that is
/// not a catalog callback is a located error, with the nearest name as a suggestion:
///
/// ```
/// --records:1:15: error: unknown callback 'sceneDidBecomeActiv'; did you mean 'sceneDidBecomeActive'?
///     | willConnectTo,sceneDidBecomeActiv
///     |               ^
/// ```
package enum CallbackList {
    /// The set the list names, or the first problem in it.
    package static func parse(_ text: String, option: String = "--records") throws(CallbackListError) -> CallbackSet {
        var records = CallbackSet()
        if text.allSatisfy({ $0 == " " }) { return records }
        var offset = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = part.prefix { $0 == " " }.count
            let name = part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            let word = String(name)
            let column = offset + leading + 1
            offset += part.count + 1
            guard !word.isEmpty else {
                throw CallbackListError(.emptyName, option: option, list: text, column: column, message: "empty callback name")
            }
            guard let callback = Callback(named: word) else {
                let candidates = Callback.allCases.map { String(describing: $0) }
                let hint = EditDistance.nearest(to: word, in: candidates, preferringExtensions: false).map { "; did you mean '\($0)'?" }
                throw CallbackListError(
                    .unknownCallback, option: option, list: text, column: column,
                    message: "unknown callback '\(word)'" + (hint ?? " (`lifeline callbacks` lists them)"))
            }
            records.insert(callback)
        }
        return records
    }
}

/// A problem in a list of callback names, located in the list (a column counted in characters).
package struct CallbackListError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package enum Code: Sendable, Hashable {
        /// A name that is not a catalog callback (an app event cannot be declared either).
        case unknownCallback
        /// Two commas in a row, or one at an end.
        case emptyName
    }

    package var code: Code
    /// The option the list was given to (`--records`).
    package var option: String
    package var list: String
    /// 1-based, in characters.
    package var column: Int
    package var message: String

    package init(_ code: Code, option: String, list: String, column: Int, message: String) {
        self.code = code
        self.option = option
        self.list = list
        self.column = column
        self.message = message
    }

    /// `--records:1:15: error: …` with the list and a caret under the name.
    package var diagnostic: Diagnostic {
        Diagnostic(
            .error, file: option, line: 1, column: column, message,
            excerpt: SourceExcerpt(lineNumber: nil, text: list, caretOffset: column - 1))
    }

    package var description: String { diagnostic.rendered(escaping: true) }
}
