import ArgumentParser
import LifelineFormat

/// How to read an input that is not a Lifeline trace: the options `import`, `check`, `report` and
/// `watch` share (docs/interchange.md).
struct InterchangeArguments: ParsableArguments {
    @Option(help: "The input's shape: native, text, oslog or chrome (default: decided by each file's content).")
    var from: TraceShape?

    @Option(help: "For console text: a regular expression with named groups (event, and time, session, scene, pid, thread).")
    var pattern: String?

    @Option(help: "For a unified log: keep entries of this subsystem only; repeatable.")
    var subsystem: [String] = []

    @Option(help: "For a unified log: keep entries of this category only; repeatable.")
    var category: [String] = []

    @Option(help: "For console text without a process column: the app's name for its launches.")
    var app: String?

    /// The shape asked for: `--from`, or console text when only `--pattern` is given; nil decides by content.
    var shape: TraceShape? { from ?? (pattern == nil ? nil : .text) }

    /// The decoders' options; a `--pattern` that is not a usable regular expression is printed and exits 2.
    func options() throws -> InterchangeOptions {
        var options = InterchangeOptions(subsystems: subsystem, categories: category, app: app)
        if let pattern {
            do {
                options.pattern = try ConsoleTextPattern(pattern)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
        }
        return options
    }
}

extension TraceShape: ExpressibleByArgument {}
