import Foundation
import LifelineFormat
import LifelineRules

/// `--format sarif`: SARIF 2.1.0, one run, a reporting descriptor per rule and a result per finding,
/// located at the trace line of the offending event; the other witnesses are related locations.
///
/// A result's `level` says whether it fails the check, as the exit status does (``CheckGate``):
/// code-scanning servers fail a pull request's check on `error` results, so a finding below
/// `--fail-on` is a `warning` (a `note` for info) whatever its severity, which stays in the rule's
/// `defaultConfiguration.level` and the result's `properties.severity`. Pending findings are
/// results of kind `open` (not proven either way) with level `none`, as SARIF requires, unless
/// `--pending fail` makes them fail: then they are `fail` results at level `error`.
///
/// A rule not applicable to a launch because it needs callbacks the trace does not record is a
/// result of kind `notApplicable` (SARIF 2.1.0 §3.27.9: "the rule was not evaluated, because it
/// does not apply to the analysis target") at level `none`, located at the launch record, with the
/// reason as its message: it never fails the check.
///
/// The run's one invocation says whether the input was read in full: `executionSuccessful`
/// is false when there are input errors, each a located `toolExecutionNotifications` entry
/// (allowed skipped lines are notifications at level `warning`), `exitCode` is the exit status
/// and `properties.ruleSources` names the rule sources; `.rules` files are also `artifacts`.
enum SARIFReport {
    struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var artifacts: [Artifact]?
        var results: [Result]
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var exitCode: Int32
        var toolExecutionNotifications: [Notification]
        var properties: InvocationProperties
    }

    struct InvocationProperties: Encodable {
        var ruleSources: [String]
    }

    struct Notification: Encodable {
        var level: String
        var message: Text
        var locations: [Location]
        /// The kind of problem, when it has a stable name (``Diagnostic/ID``).
        var descriptor: DescriptorReference? = nil
    }

    struct DescriptorReference: Encodable { var id: String }

    struct Artifact: Encodable {
        var location: ArtifactLocation
        var roles: [String]
    }

    struct Tool: Encodable { var driver: Driver }

    struct Driver: Encodable {
        var name = "lifeline"
        var version = LifelineVersion.current
        var rules: [Descriptor]
        /// The kinds of input problem the notifications name (their `descriptor.id`s), when any has one.
        var notifications: [DescriptorReference]? = nil
    }

    struct Descriptor: Encodable {
        var id: String
        var shortDescription: Text
        var fullDescription: Text
        var helpUri: String?
        var help: Text?
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable { var level: String }
    struct Text: Encodable { var text: String }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var kind: String
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var properties: Properties
    }

    struct Properties: Encodable {
        /// The rule's severity (the level reflects the gate).
        var severity: String
        var status: String
        var fails: Bool
        /// Not applicable: how many launches of the trace, for this reason.
        var launches: Int?
        var launch: String?
        var session: String?
        var scene: String?
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Text?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable { var uri: String }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    static func location(_ witness: Witness, id: Int? = nil, message: String? = nil) -> Location {
        Location(
            id: id,
            physicalLocation: PhysicalLocation(
                artifactLocation: ArtifactLocation(uri: uri(witness.file)),
                region: witness.line.map { Region(startLine: $0) }),
            message: message.map(Text.init))
    }

    /// A relative path stays a relative reference (resolved against the checkout, as code scanning
    /// expects); an absolute one becomes a `file://` URI. Spaces, `%`, `#`, `?` and `:` (which would
    /// read as a scheme in a first segment) are percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// The level a finding is reported at under the gate.
    static func level(_ finding: Finding, gate: CheckGate) -> String {
        if gate.fails(finding) { return "error" }
        if finding.status == .pending { return "none" }
        return finding.severity == .info ? "note" : "warning"
    }

    /// An input problem as a located notification.
    static func notification(_ diagnostic: Diagnostic) -> Notification {
        Notification(
            level: diagnostic.severity == .error ? "error" : "warning", message: Text(text: diagnostic.messageWithNotes),
            locations: diagnostic.file.map { file in
                [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: uri(file)),
                            region: diagnostic.line.map { Region(startLine: $0, startColumn: diagnostic.column) }))
                ]
            } ?? [],
            descriptor: diagnostic.id.map { DescriptorReference(id: $0.rawValue) })
    }

    /// One reporting descriptor per input-problem id the report's notifications name, sorted; nil for none.
    static func notificationDescriptors(_ report: CheckReport) -> [DescriptorReference]? {
        let ids = Set(report.diagnostics.compactMap(\.id?.rawValue))
        return ids.isEmpty ? nil : ids.sorted().map(DescriptorReference.init)
    }

    /// How a trace's scene callbacks without a scene were judged: a note at its first such launch,
    /// and a warning where the scene standing in is ambiguous.
    static func notifications(_ group: SceneIdentityGroup) -> [Notification] {
        func located(_ level: String, _ line: Int, _ message: String) -> Notification {
            Notification(
                level: level, message: Text(text: message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: uri(group.file)), region: line > 0 ? Region(startLine: line) : nil))
                ])
        }
        let note = group.tally.summary + (group.launches > 1 ? " (\(group.launches) launches)" : "")
        return [located("note", group.line, note)] + group.warnings.map { located("warning", $0.line, $0.message) }
    }

    static func render(_ report: CheckReport, gate: CheckGate) -> String {
        let indexes = Dictionary(report.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let descriptors = report.rules.map { rule in
            // The reference's first URL, wherever it stands in the text (``Citation``).
            let url = rule.reference.flatMap { Citation($0).links.first }
            return Descriptor(
                id: rule.id, shortDescription: Text(text: rule.message), fullDescription: Text(text: Rule.describe(rule.body)),
                helpUri: url, help: rule.reference.map(Text.init), defaultConfiguration: Configuration(level: level(rule.severity)))
        }
        let results = report.findings.map { finding -> Result in
            let primary = finding.primary
            let related = finding.witnesses.enumerated().filter { $0.element != primary }.map { index, witness in
                location(witness, id: index + 1, message: witness.description)
            }
            let open = finding.status == .pending && !gate.fails(finding)
            return Result(
                ruleId: finding.ruleID, ruleIndex: indexes[finding.ruleID] ?? 0, kind: open ? "open" : "fail",
                level: level(finding, gate: gate), message: Text(text: finding.explanation),
                // A finding without witnesses (none is raised today) still points at its trace.
                locations: [
                    primary.map { location($0) }
                        ?? Location(
                            physicalLocation: PhysicalLocation(
                                artifactLocation: ArtifactLocation(uri: uri(finding.slice.trace)), region: nil))
                ], relatedLocations: related.isEmpty ? nil : related,
                properties: Properties(
                    severity: finding.severity.rawValue, status: finding.status.rawValue, fails: gate.fails(finding),
                    launch: finding.slice.launch, session: finding.slice.session, scene: finding.slice.scene))
        }
        let severities = Dictionary(report.rules.map { ($0.id, $0.severity) }, uniquingKeysWith: { first, _ in first })
        let inapplicable = report.notApplicableGroups.map { group -> Result in
            let first = group.first
            return Result(
                ruleId: group.ruleID, ruleIndex: indexes[group.ruleID] ?? 0, kind: "notApplicable", level: "none",
                message: Text(text: "not applicable: " + group.reason),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: ArtifactLocation(uri: uri(first.file)),
                            region: first.line.map { Region(startLine: $0) }))
                ], relatedLocations: nil,
                properties: Properties(
                    severity: (severities[group.ruleID] ?? .error).rawValue, status: "notApplicable", fails: false,
                    launches: group.launches, launch: first.slice.launch, session: nil, scene: nil))
        }
        let invocation = Invocation(
            executionSuccessful: report.errors.isEmpty, exitCode: report.status(gate).exitCode,
            toolExecutionNotifications: report.diagnostics.map(notification) + report.identityGroups.flatMap(notifications),
            properties: InvocationProperties(ruleSources: report.ruleSources.map(\.description)))
        let artifacts = report.ruleSources.filter { $0.kind != .builtin }.map { source in
            Artifact(location: ArtifactLocation(uri: uri(source.name)), roles: ["userSpecifiedConfiguration"])
        }
        let log = Log(runs: [
            Run(
                tool: Tool(driver: Driver(rules: descriptors, notifications: notificationDescriptors(report))),
                invocations: [invocation],
                artifacts: artifacts.isEmpty ? nil : artifacts, results: results + inapplicable)
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(log)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
