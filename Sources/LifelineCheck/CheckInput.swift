/// What one checker checks from start to finish within a run: a trace file with the rotated
/// parts that continue it, a database, or standard input.
///
/// Inputs share nothing (a launch never spans two of them), so ``CheckRun`` checks them on
/// several threads at once and puts their results back in this order.
enum CheckInput: Sendable, Hashable {
    /// A trace file and its rotated parts (`app.ndjson`, `app.2.ndjson`, …), in that order.
    case traces([String])
    case database(String)
    /// Standard input, named `label` in findings and diagnostics.
    case standardInput(label: String)
    /// A second `-`: standard input was already read.
    case standardInputAgain(label: String)

    /// The inputs the files make, in their order (see ``CheckRun/ordered(_:)``): a rotated part
    /// joins the file before it when that is the file it continues.
    static func inputs(_ files: [String], standardInputName: String?) -> [CheckInput] {
        var inputs: [CheckInput] = []
        var readStandardInput = false
        for file in CheckRun.ordered(files) {
            if file == "-" {
                let label = standardInputName ?? "-"
                inputs.append(readStandardInput ? .standardInputAgain(label: label) : .standardInput(label: label))
                readStandardInput = true
            } else if CheckRun.isDatabase(file) {
                inputs.append(.database(file))
            } else if case .traces(var group)? = inputs.last, let first = group.first,
                CheckRun.rotation(of: file).part > 1, CheckRun.rotation(of: file).stem == CheckRun.rotation(of: first).stem
            {
                group.append(file)
                inputs[inputs.count - 1] = .traces(group)
            } else {
                inputs.append(.traces([file]))
            }
        }
        return inputs
    }
}
