import ArgumentParser
import Foundation
import LifelineCheck
import LifelineFormat
import LifelineReports
import LifelineRules
import LifelineTerminal

/// `lifeline watch`: checks a trace while it is written, printing each finding the moment it is proven.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a trace as it is written: each finding printed the moment it is proven.",
        discussion: """
            PATH is a trace file to follow as it grows (the recorder's, while the app runs; one that does not \
            exist yet is waited for; truncated, replaced or continued in the recorder's next part, it is \
            followed), or '-' for standard input read until it ends (tail -f, log stream --style ndjson). \
            Each violation is printed as soon as the checker proves it; pending findings, rules not \
            applicable and the summary when the input ends, or on Ctrl-C (SIGINT) or SIGTERM. Rules and \
            formats are check's: text, jsonl and github are printed line by line; json, junit, sarif and html \
            are written when the input ends (with -o FILE, any format goes to FILE at the end and the \
            findings are printed as text as they come). A line that is not a valid record is reported, \
            located, and the check goes on, as check does. See docs/rules.md#live.

            Exit status: check's: 0 when no finding fails the check, 1 when one does, 2 on a usage or input \
            error (also when the watch was interrupted before any event was checked).
            """)

    @Argument(help: "The trace file to follow, or '-' for standard input.")
    var path: String

    @Option(
        name: .customLong("stdin-name"),
        help: "The name findings and diagnostics give the trace read from standard input ('-').")
    var stdinName: String?

    @Option(
        help: """
            Output format: text, jsonl or github (printed as findings come), json, junit, sarif or html (at the end). \
            Default: the one -o's extension names (.json, .jsonl or .ndjson, .xml for junit, .sarif, .html), else text.
            """)
    var format: ReportFormat?

    @Option(
        name: [.short, .long],
        help: """
            Write the report to FILE when the input ends, in the format its extension names unless --format says; \
            findings are printed as text as they come.
            """)
    var output: String?

    @OptionGroup var checking: CheckArguments

    @OptionGroup var interchange: InterchangeArguments

    func validate() throws {
        do {
            _ = try ReportFormat.chosen(format, output: output, default: .text)
        } catch {
            throw ValidationError(error.description)
        }
        if interchange.from == .chrome {
            throw ValidationError(
                "--from chrome: a Chrome trace is one JSON document, read whole; check it with 'lifeline check FILE'")
        }
        if let stdinName {
            guard path == "-" else { throw ValidationError("--stdin-name names standard input: give '-' as PATH") }
            guard !stdinName.isEmpty else { throw ValidationError("--stdin-name needs a name") }
        }
    }

    func run() throws {
        // `--format`, or the format `-o`'s extension names, or text; validate() refused a contradiction.
        let format = (try? ReportFormat.chosen(format, output: output, default: .text)) ?? .text
        let gate = checking.gate
        let declared = try checking.declared()
        let decoding = try interchange.options()
        let loaded: CheckRun.LoadedRules
        do {
            loaded = try checking.loadRules()
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        let label = path == "-" ? stdinName ?? "-" : path
        // What is printed as it comes: the format's lines, or text when the report goes to a file.
        let streamed: ReportFormat? = output != nil ? .text : LiveReport.streams(format) ? format : nil
        let diagnosticsToStandardError = format != .text || output != nil
        let interrupt = WatchInterrupt()
        let live = LiveCheck(
            rules: loaded.rules, sources: loaded.sources, label: label, allowSkippedLines: checking.allowSkippedLines, records: declared,
            shape: interchange.shape, interchange: decoding,
            onFinding: { finding in
                guard finding.status == .violated, let streamed else { return }
                print(LiveReport.line(finding, format: streamed, gate: gate), terminator: "")
            },
            onDiagnostic: { diagnostic in
                if let streamed { print(LiveReport.line(diagnostic, format: streamed), terminator: "") }
                if diagnosticsToStandardError { printError(diagnostic.rendered(escaping: true)) }
            })
        var splitter = LineSplitter()
        let follower = TraceFollower(path == "-" ? .standardInput : .file(path), wake: interrupt.wakeDescriptor)
        let ending = follower.run(
            bytes: { bytes, _ in
                splitter.append(bytes) { line, number in live.line(line, number: number) }
            },
            change: { change in
                switch change {
                case .waiting(let file):
                    printError("\(file): waiting for the file to appear")
                case .appeared(let file):
                    printError("\(file): appeared; checking it")
                case .truncated(let file), .replaced(let file):
                    // What was held of a line the old content did not finish is dropped with it.
                    splitter.reset()
                    live.beginFile(file)
                    printError(
                        change == .truncated(file)
                            ? "\(file): truncated; checking it again from its first line"
                            : "\(file): replaced by a new file; checking the new one from its first line")
                case .continued(let file):
                    splitter.finish { line, number in live.line(line, number: number, terminated: false) }
                    splitter.reset()
                    live.beginFile(file)
                    printError("\(file): the trace continues in this part; following it")
                }
            })
        splitter.finish { line, number in live.line(line, number: number, terminated: false) }
        if case .failed(let diagnostic) = ending { live.fail(diagnostic) }
        var report = live.finish()
        if format == .html, output != nil || streamed == nil, path != "-" {
            report.timelines = CheckRun.timelines([path], findings: report.findings)
        }
        if let streamed {
            if output == nil { print(LiveReport.closing(report, format: streamed, gate: gate), terminator: "") }
        }
        if let output {
            do {
                try ReportFile.write(format.render(report, gate: gate), to: output)
            } catch {
                printError(error.description)
                throw ExitCode(2)
            }
            print(LiveReport.closing(report, format: .text, gate: gate), terminator: "")
        } else if streamed == nil {
            print(format.render(report, gate: gate), terminator: "")
        }
        let status = report.status(gate)
        if status != .passed { throw ExitCode(status.exitCode) }
    }
}
