import ArgumentParser
import LifelineFormat

/// `lifeline callbacks`: lists the callback catalog.
struct Callbacks: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the UIKit callbacks Lifeline knows, with the aliases it accepts.")

    func run() {
        for callback in Callback.allCases {
            print("\(callback.name)\t\(callback.scope.rawValue)\t\(callback.aliases.joined(separator: ", "))")
        }
    }
}
