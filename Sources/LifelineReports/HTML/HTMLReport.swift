import LifelineFormat
import LifelineRules

/// `lifeline report` and `lifeline check --format html`: one self-contained HTML page.
///
/// The page holds no markup from a trace. Everything a trace or a rules file says travels as
/// script-safe JSON (``ScriptSafeJSON``) in `<script type="application/json">` elements, and the
/// page's own script puts it on screen as text nodes and SVG attributes, never as markup. The
/// summary's data is one element; each launch's events are another, parsed only when that
/// launch's timeline is opened, so a report of thousands of launches opens quickly. A content
/// security policy forbids every fetch: the page works from disk, offline.
///
/// ```swift
/// let html = HTMLReport.render(report, gate: .standard)   // report.timelines from CheckRun.check(…) with options.timelines
/// ```
package enum HTMLReport {
    /// The id of the summary's data element; a launch's is `launch-N` (N from 0).
    static let dataElement = "lifeline-data"

    package static func render(_ report: CheckReport, gate: CheckGate = .standard) -> String {
        let timelines = report.timelines ?? ReportTimelines()
        var page = ScriptSafeJSON()
        page.raw(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="lifeline">
            <title>Lifeline report</title>
            <style>
            """)
        page.raw(HTMLPage.style)
        page.raw(
            """
            </style>
            </head>
            <body>
            <div id="app"><noscript>This report draws its tables and timelines with JavaScript: allow scripts for this file to see them.</noscript></div>
            <div id="tip" role="tooltip" hidden></div>
            <script type="application/json" id="lifeline-data">
            """)
        page.append(summary(report, timelines: timelines, gate: gate))
        page.raw("</script>\n")
        for (index, launch) in timelines.launches.enumerated() {
            page.raw("<script type=\"application/json\" id=\"launch-")
            page.int(index)
            page.raw("\">")
            page.append(launch.json)
            page.raw("</script>\n")
        }
        page.raw("<script>\n")
        page.raw(HTMLPage.script)
        page.raw("</script>\n</body>\n</html>\n")
        return page.text
    }

    /// The summary's data: counts, problems, rules, launches, findings and the slowest spans.
    ///
    /// A finding is `[rule index, rule id, status, severity, fails, explanation, launch, session, scene,
    /// location, witnesses]`: its rule's message and reference are the rule's, written once in `rules`.
    static func summary(_ report: CheckReport, timelines: ReportTimelines, gate: CheckGate) -> ScriptSafeJSON {
        var json = ScriptSafeJSON()

        json.raw("{\"version\":")
        json.string(LifelineVersion.current)
        json.raw(",\"status\":")
        json.string(JSONReport.status(report.status(gate)))
        json.raw(",\"summary\":")
        json.string(report.summaryLine)
        json.raw(",\"sources\":")
        json.string(report.sourcesLine)
        json.raw(",\"counts\":{\"traces\":")
        json.int(report.traces.count)
        json.raw(",\"launches\":")
        json.int(report.summary.launches)
        json.raw(",\"events\":")
        json.int(report.summary.events)
        json.raw(",\"rules\":")
        json.int(report.rules.count)
        for severity in [Severity.error, .warning, .info] {
            json.raw(",")
            json.string(severity.rawValue)
            json.raw(":")
            json.int(report.count(severity))
        }
        json.raw(",\"pending\":")
        json.int(report.pending.count)
        json.raw("},\"problems\":")
        Self.list(&json, report.diagnostics) { json, diagnostic in
            json.byte(UInt8(ascii: "["))
            json.string(diagnostic.severity.rawValue)
            json.byte(UInt8(ascii: ","))
            json.string(diagnostic.reportLine)
            json.byte(UInt8(ascii: "]"))
        }

        // Rules: every rule checked, so a finding names its rule by index: `[id, severity, message, reference,
        // the reference's parts]`.
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in report.rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        json.raw(",\"rules\":")
        Self.list(&json, report.rules) { json, rule in
            json.byte(UInt8(ascii: "["))
            json.string(rule.id)
            json.byte(UInt8(ascii: ","))
            json.string(rule.severity.rawValue)
            json.byte(UInt8(ascii: ","))
            json.string(rule.message)
            json.byte(UInt8(ascii: ","))
            json.string(rule.reference)
            json.byte(UInt8(ascii: ","))
            // The reference as the page shows it: `["t", text]` and `["a", url]`, so only a URL is a link's target.
            Self.list(&json, rule.reference.map { Citation($0, of: rule).parts } ?? []) { json, part in
                switch part {
                case .text(let text):
                    json.raw("[\"t\",")
                    json.string(text)
                case .link(let url):
                    json.raw("[\"a\",")
                    json.string(url)
                }
                json.byte(UInt8(ascii: "]"))
            }
            json.byte(UInt8(ascii: "]"))
        }

        json.raw(",\"launches\":")
        Self.list(&json, timelines.launches) { json, launch in
            let record = launch.record
            json.byte(UInt8(ascii: "["))
            for value in [record.launch, record.app, record.device, record.os, record.platform, record.lifecycle?.rawValue, record.started]
            {
                json.string(value)
                json.byte(UInt8(ascii: ","))
            }
            json.string(launch.file)
            json.byte(UInt8(ascii: ","))
            json.int(launch.line)
            json.byte(UInt8(ascii: ","))
            json.int(launch.events)
            json.byte(UInt8(ascii: ","))
            if launch.isTimed { json.int(launch.duration) } else { json.null() }
            json.byte(UInt8(ascii: ","))
            if let timeToActive = launch.timeToActive { json.int(timeToActive) } else { json.null() }
            // The anatomy (docs/launches.md): kind, reason, ending, its reason, the launch's own time to
            // active, and its phases as [name, duration, start from the first event]: positions 12–17; 18–20 below.
            let anatomy = launch.anatomy
            for value in [anatomy?.kind.rawValue, anatomy?.reason, anatomy?.ending.rawValue, anatomy?.endingReason] {
                json.byte(UInt8(ascii: ","))
                json.string(value)
            }
            json.byte(UInt8(ascii: ","))
            if launch.isTimed, let timeToActive = anatomy?.timeToActive { json.int(timeToActive) } else { json.null() }
            json.raw(",[")
            for (index, phase) in (launch.isTimed ? anatomy?.phases ?? [] : []).enumerated() {
                if index > 0 { json.byte(UInt8(ascii: ",")) }
                json.byte(UInt8(ascii: "["))
                json.string(phase.name)
                json.byte(UInt8(ascii: ","))
                json.int(phase.duration)
                json.byte(UInt8(ascii: ","))
                json.int(phase.start.saturatingSubtracting(launch.t0))
                json.byte(UInt8(ascii: "]"))
            }
            // Positions 18–20: why it was slow (or null), its slowest phase, its time to the first frame.
            json.raw("],")
            json.string(launch.isTimed ? anatomy?.slowReason : nil)
            json.byte(UInt8(ascii: ","))
            json.string(launch.isTimed ? anatomy?.slowestPhase?.name : nil)
            json.byte(UInt8(ascii: ","))
            if launch.isTimed, let timeToFirstFrame = anatomy?.timeToFirstFrame { json.int(timeToFirstFrame) } else { json.null() }
            // Positions 21–22: its resumes from the background, `[scene, start, to active, time away,
            // reconnected]` (start from the first event; to active null when it did not become active),
            // and their line (docs/launches.md, "Resumes").
            json.byte(UInt8(ascii: ","))
            Self.list(&json, launch.isTimed ? anatomy?.resumes ?? [] : []) { json, resume in
                json.byte(UInt8(ascii: "["))
                json.string(resume.scene)
                json.byte(UInt8(ascii: ","))
                json.int(resume.foreground.saturatingSubtracting(launch.t0))
                json.byte(UInt8(ascii: ","))
                if let toActive = resume.toActive { json.int(toActive) } else { json.null() }
                json.byte(UInt8(ascii: ","))
                json.int(resume.inBackground)
                json.raw(resume.reconnected ? ",1]" : ",0]")
            }
            json.byte(UInt8(ascii: ","))
            json.string(launch.isTimed ? anatomy?.resumeSummary : nil)
            json.byte(UInt8(ascii: "]"))
        }

        // Rules not judged on launches that do not record a callback they need: `[rule, where the
        // first such launch starts, how many launches, why]`.
        json.raw(",\"notApplicable\":")
        Self.list(&json, report.notApplicableGroups) { json, group in
            json.byte(UInt8(ascii: "["))
            json.string(group.ruleID)
            json.byte(UInt8(ascii: ","))
            json.string(group.first.location)
            json.byte(UInt8(ascii: ","))
            json.int(group.launches)
            json.byte(UInt8(ascii: ","))
            json.string(group.reason)
            json.byte(UInt8(ascii: "]"))
        }

        // Launches of logs taken to record callbacks they do not show: `[where the first starts, how many
        // launches, what was assumed and why]`.
        json.raw(",\"assumed\":")
        Self.list(&json, report.assumedGroups) { json, group in
            json.byte(UInt8(ascii: "["))
            json.string(group.location)
            json.byte(UInt8(ascii: ","))
            json.int(group.launches)
            json.byte(UInt8(ascii: ","))
            json.string(group.assumption.description)
            json.byte(UInt8(ascii: "]"))
        }

        // Scene callbacks that name no scene: `[where the first such launch starts, how many launches,
        // how they were judged, [[line, why it is ambiguous], ...]]`.
        json.raw(",\"identity\":")
        Self.list(&json, report.identityGroups) { json, group in
            json.byte(UInt8(ascii: "["))
            json.string(group.location)
            json.byte(UInt8(ascii: ","))
            json.int(group.launches)
            json.byte(UInt8(ascii: ","))
            json.string(group.tally.summary)
            json.byte(UInt8(ascii: ","))
            Self.list(&json, group.warnings) { json, warning in
                json.byte(UInt8(ascii: "["))
                json.int(warning.line)
                json.byte(UInt8(ascii: ","))
                json.string(warning.message)
                json.byte(UInt8(ascii: "]"))
            }
            json.byte(UInt8(ascii: "]"))
        }

        // A finding's launch: where its witnesses are, else the launch its slice names.
        var launchByKey: [String: Int] = [:]
        for (index, launch) in timelines.launches.enumerated() where launchByKey[launch.key] == nil { launchByKey[launch.key] = index }
        json.raw(",\"findings\":")
        Self.list(&json, report.findings) { json, finding in
            let positions = finding.witnesses.map { witness in
                witness.line.flatMap { timelines.positions[EventLocation(file: witness.file, line: $0)] }
            }
            let launch = positions.lazy.compactMap { $0?.launch }.first ?? finding.slice.launch.flatMap { launchByKey[$0] } ?? -1
            json.byte(UInt8(ascii: "["))
            json.int(ruleIndex[finding.ruleID] ?? -1)
            json.byte(UInt8(ascii: ","))
            json.string(finding.ruleID)
            json.byte(UInt8(ascii: ","))
            json.string(finding.status.rawValue)
            json.byte(UInt8(ascii: ","))
            json.string(finding.severity.rawValue)
            json.byte(UInt8(ascii: ","))
            json.bool(gate.fails(finding))
            json.byte(UInt8(ascii: ","))
            json.string(finding.explanation)
            json.byte(UInt8(ascii: ","))
            json.int(launch)
            json.byte(UInt8(ascii: ","))
            json.string(finding.slice.session)
            json.byte(UInt8(ascii: ","))
            json.string(finding.slice.scene)
            json.byte(UInt8(ascii: ","))
            json.string(finding.primary?.location)
            json.byte(UInt8(ascii: ","))
            // A witness on a timeline is its position alone (the launch's data has the event); one that is
            // not (the launch record, an event of a launch that failed to read) keeps its own words.
            Self.list(&json, Array(zip(finding.witnesses, positions))) { json, pair in
                let (witness, position) = pair
                json.byte(UInt8(ascii: "["))
                json.string(JSONReport.role(witness.role))
                json.byte(UInt8(ascii: ","))
                if let position {
                    json.int(position.launch)
                    json.byte(UInt8(ascii: ","))
                    json.int(position.event)
                } else {
                    json.raw("-1,-1,")
                    json.int(witness.seq ?? -1)  // the page's -1: no seq
                    json.byte(UInt8(ascii: ","))
                    json.string(witness.event)
                    json.byte(UInt8(ascii: ","))
                    json.string(witness.location)
                }
                json.byte(UInt8(ascii: "]"))
            }
            json.byte(UInt8(ascii: "]"))
        }

        json.raw(",\"slowest\":")
        Self.list(&json, timelines.slowest) { json, span in
            json.byte(UInt8(ascii: "["))
            json.int(span.launch)
            json.byte(UInt8(ascii: ","))
            json.int(span.event)
            json.byte(UInt8(ascii: ","))
            json.string(span.name)
            json.byte(UInt8(ascii: ","))
            json.string(span.session)
            json.byte(UInt8(ascii: ","))
            json.int(span.duration)
            json.byte(UInt8(ascii: "]"))
        }
        json.raw(",\"complete\":")
        json.bool(report.timelines != nil)
        json.byte(UInt8(ascii: "}"))
        return json
    }

    /// A JSON array of `items`, each written by `body`.
    private static func list<T>(_ json: inout ScriptSafeJSON, _ items: [T], _ body: (inout ScriptSafeJSON, T) -> Void) {
        json.byte(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { json.byte(UInt8(ascii: ",")) }
            body(&json, item)
        }
        json.byte(UInt8(ascii: "]"))
    }
}
