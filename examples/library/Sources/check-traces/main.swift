import Foundation
import LifelineFormat
import LifelineRules

// Validates trace files and checks them against the built-in UIKit catalogs: what `lifeline check`
// does, through the public libraries. Prints input problems compiler-style (`Diagnostic`), each
// finding with its explanation, and exits 1 when a rule of severity error is violated, 2 when an
// input could not be read.
let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    FileHandle.standardError.write(Data("usage: check-traces TRACE.ndjson...\n".utf8))
    exit(2)
}

var failed = false
var unreadable = false
for path in paths {
    do {
        let report = try TraceValidator.validate(path: path)
        for diagnostic in report.diagnostics { print(diagnostic.in(file: path)) }
        if report.errorCount > 0 { unreadable = true }
    } catch {
        // A file that cannot be opened or read: its error carries its diagnostics.
        for diagnostic in error.diagnostics { print(diagnostic) }
        unreadable = true
        continue
    }

    var findings: [Finding] = []
    let checker = RuleChecker(rules: BuiltinCatalog.all) { findings.append($0) }
    do {
        let checked = try checker.check(file: path)
        let summary = checker.finish()
        for finding in findings {
            print(finding.explained)
            if finding.severity == .error && finding.status == .violated { failed = true }
        }
        print("\(path): \(checked.launches) launches, \(checked.events) events, \(summary.violations) violations")
    } catch {
        for diagnostic in error.diagnostics { print(diagnostic) }
        unreadable = true
    }
}
exit(unreadable ? 2 : failed ? 1 : 0)
