/// The one-line summary of a check, for terminals and logs.
public enum TextReportLine {
    public static func summary(_ report: CheckReport) -> String { TextReport.summaryLine(report) }
}
