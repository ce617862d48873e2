import LifelineFormat
import LifelineReports

/// What `lifeline export --format` writes.
package enum ExportFormat: String, CaseIterable, Sendable {
    /// Trace Event Format JSON for Perfetto UI and `chrome://tracing` (``ChromeTraceEncoder``).
    case chrome
    /// Lifeline's own NDJSON (trace format v1): what an imported log becomes, as a file.
    case ndjson

    /// The document for an export's launches and findings (NDJSON has no place for findings).
    package func encode(_ result: ExportRun.Result) -> [UInt8] {
        switch self {
        case .chrome:
            // Each launch's kind, phases and ending on a track of its own (docs/launches.md).
            return ChromeTraceEncoder.encode(
                result.launches, annotations: result.annotations, anatomies: LaunchAnatomy.of(result.launches))
        case .ndjson:
            var output: [UInt8] = []
            for launch in result.launches {
                TraceEncoder.append(launch.record, to: &output)
                for event in launch.events { TraceEncoder.append(event, to: &output) }
            }
            return output
        }
    }
}

extension ExportFormat: OutputFormat {
    package var fileExtensions: [String] {
        switch self {
        case .chrome: return ["json"]
        case .ndjson: return ["ndjson", "jsonl"]
        }
    }
}
