import Foundation
import LifelineRules

/// Hands the inputs of a check to the threads that check them, one at a time in order, and
/// gathers their results in input order and each thread's summary.
final class CheckInputQueue: @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var next = 0
    private var results: [CheckInputResult?]
    private var summaries: [CheckSummary] = []

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// The index of the next input to check; nil when every input has been handed out.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    func put(_ result: CheckInputResult, at index: Int) {
        condition.lock()
        results[index] = result
        condition.unlock()
    }

    /// A thread is done; `summary` counts everything its checker saw.
    func finish(_ summary: CheckSummary) {
        condition.lock()
        summaries.append(summary)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for `threads` threads to finish; returns the results in input order and their summaries.
    func wait(threads: Int) -> (results: [CheckInputResult], summaries: [CheckSummary]) {
        condition.lock()
        defer { condition.unlock() }
        while summaries.count < threads { condition.wait() }
        return (results.map { $0 ?? CheckInputResult() }, summaries)
    }
}
