/// The main dispatch queue of a simulated process.
///
/// Blocks a delegate dispatches run after the callback returns, when the run
/// loop turns; a suspended process runs nothing. This is what lets the
/// `wrong-order` and `late-save` faults misbehave the way real code does.
final class MainQueue {
    private var blocks: [() -> Void] = []

    /// `DispatchQueue.main.async`.
    func async(_ block: @escaping () -> Void) { blocks.append(block) }

    var isEmpty: Bool { blocks.isEmpty }

    /// Runs the blocks queued so far, and any they queue, in order.
    func drain(between: () -> Void) {
        while !blocks.isEmpty {
            let block = blocks.removeFirst()
            between()
            block()
        }
    }
}
