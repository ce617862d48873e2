import Foundation
import Testing

/// docs/architecture.md is the page a new contributor reads first; these tests keep its
/// module paragraphs equal to what Package.swift declares and to what each module's
/// sources actually import, so the page cannot drift from the code.
@Suite("docs/architecture.md")
struct ArchitectureDocTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The package's own modules and the ones a module may import besides the standard library,
    /// Foundation and the platform's C library.
    static let projectModules: Set<String> = [
        "LifelineCore", "LifelineSupport", "LifelineFormat", "LifelineTerminal", "LifelineRecorder", "LifelineStore", "LifelineRules",
        "LifelineReports", "LifelineCheck", "LifelineREPL", "LifelineSimulator", "LifelineDemo",
        "CReadline", "CSQLiteConfig", "CLifelineLoad", "GRDB", "GRDBSQLite",
    ]

    /// `**Module** (imports A, B and C)` or `(imports nothing)`, for every module paragraph.
    static func documentedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let pattern = try NSRegularExpression(pattern: #"\*\*(Lifeline\w+)\*\* \(imports ([^)]*)\)"#)
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
            guard let name = Range(match.range(at: 1), in: text), let list = Range(match.range(at: 2), in: text) else { continue }
            let words = text[list].replacingOccurrences(of: "\n", with: " ")
                .components(separatedBy: CharacterSet(charactersIn: ", "))
                .filter { projectModules.contains($0) }
            result[String(text[name])] = Set(words)
        }
        return result
    }

    /// The dependencies Package.swift gives each regular target (`.product(name: "GRDB", ...)` as GRDB).
    static func declaredDependencies() throws -> [String: Set<String>] {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let target = try NSRegularExpression(
            pattern: #"\.target\(\s*name:\s*"(Lifeline\w+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        let quoted = try NSRegularExpression(pattern: #""(\w+)""#)
        for match in target.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let name = Range(match.range(at: 1), in: manifest) else { continue }
            var dependencies: Set<String> = []
            if let list = Range(match.range(at: 2), in: manifest) {
                let text = String(manifest[list])
                for word in quoted.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    if let value = Range(word.range(at: 1), in: text), projectModules.contains(String(text[value])) {
                        dependencies.insert(String(text[value]))
                    }
                }
            }
            // Library modules only: the test-support target is declared the same way but lives in Tests/.
            let module = String(manifest[name])
            guard FileManager.default.fileExists(atPath: repository.appendingPathComponent("Sources/\(module)").path) else { continue }
            result[module] = dependencies
        }
        return result
    }

    /// The project modules each module's Swift files import.
    static func sourceImports(of module: String) throws -> Set<String> {
        let directory = repository.appendingPathComponent("Sources").appendingPathComponent(module)
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var imports: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || ["package", "public", "internal"].contains($0) })
                else { continue }
                let name = String(words[index + 1])
                if projectModules.contains(name) { imports.insert(name) }
            }
        }
        return imports
    }

    @Test("every library module has a paragraph whose imports are exactly its Package.swift dependencies")
    func paragraphsMatchThePackage() throws {
        let documented = try Self.documentedImports()
        let declared = try Self.declaredDependencies()
        #expect(!declared.isEmpty)
        #expect(Set(documented.keys) == Set(declared.keys), "modules in the doc vs Package.swift")
        for (module, dependencies) in declared {
            #expect(
                documented[module] == dependencies, "\(module): the doc says \(documented[module] ?? []), Package.swift \(dependencies)")
        }
    }

    /// The other direction, that no target of the package imports one of the package's modules it does not
    /// declare (leaning on a transitive one), is SwiftPM's: `.ci/run` builds with
    /// `--explicit-target-dependency-import-check error`, which covers test targets and executables too.
    @Test("each module imports every project module Package.swift gives it (no dependency declared for nothing)")
    func sourcesImportWhatIsDeclared() throws {
        for (module, dependencies) in try Self.declaredDependencies() {
            let imported = try Self.sourceImports(of: module)
            #expect(dependencies.isSubset(of: imported), "\(module) declares \(dependencies.subtracting(imported)) it never imports")
        }
    }

    @Test("GRDB is imported by LifelineStore alone")
    func grdbStaysInTheStore() throws {
        for module in try Self.declaredDependencies().keys where module != "LifelineStore" {
            #expect(!(try Self.sourceImports(of: module)).contains("GRDB"), "\(module) imports GRDB")
        }
    }

    @Test("one module over SQLite: GRDB's GRDBSQLite, imported by LifelineStore alone, and no module map of ours links it")
    func oneSQLite() throws {
        for module in try Self.declaredDependencies().keys where module != "LifelineStore" {
            #expect(!(try Self.sourceImports(of: module)).contains("GRDBSQLite"), "\(module) imports GRDBSQLite")
        }
        let sources = Self.repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var moduleMaps = 0
        while let file = files?.nextObject() as? URL {
            guard file.lastPathComponent == "module.modulemap" else { continue }
            moduleMaps += 1
            let map = try String(contentsOf: file, encoding: .utf8)
            #expect(!map.contains("sqlite3"), "\(file.path) declares a second module over SQLite")
        }
        #expect(moduleMaps >= 1, "CReadline's module map is found")
    }
}
