import Foundation
import PackagePlugin

/// Compiles files that are not Swift into the modules that ship them, at build time, so the
/// repository holds each once, in its own language: the saved queries (`queries/*.sql`) into
/// LifelineStore, the HTML report's script (`Sources/LifelineReports/HTML/report.js`) into
/// LifelineReports. Nothing generated is committed, and no test writes a source file.
@main
struct EmbedText: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "embed-text").url
        let package = context.package.directoryURL
        switch target.name {
        case "LifelineStore":
            let directory = package.appending(path: "queries")
            let queries = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "sql" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            let output = context.pluginWorkDirectoryURL.appending(path: "SavedQuery+Shipped.swift")
            return [
                .buildCommand(
                    displayName: "Embedding queries/*.sql in LifelineStore", executable: tool,
                    arguments: ["list", output.path, "SavedQuery", "shippedSources"] + queries.map(\.path),
                    inputFiles: queries, outputFiles: [output])
            ]
        case "LifelineReports":
            let script = package.appending(path: "Sources/LifelineReports/HTML/report.js")
            let output = context.pluginWorkDirectoryURL.appending(path: "HTMLPage+Script.swift")
            return [
                .buildCommand(
                    displayName: "Embedding report.js in LifelineReports", executable: tool,
                    arguments: ["one", output.path, "HTMLPage", "script", script.path],
                    inputFiles: [script], outputFiles: [output])
            ]
        default:
            return []
        }
    }
}
