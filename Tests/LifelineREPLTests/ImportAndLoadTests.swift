import Foundation
import Testing

@testable import LifelineREPL

/// `.import` and `.load` where sqlite3's meaning and Lifeline's meet: traces or CSV, rules or extensions.
@Suite(".import and .load beside sqlite3's")
struct ImportAndLoadTests {
    @Test(
        "CSV records are RFC 4180: quoted commas, line breaks and doubled quotes; CRLF; blank lines skipped",
        arguments: [
            ("a,b\n1,2\n", [["a", "b"], ["1", "2"]]),
            ("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n", [["a", "b"], ["x, \"y\"", "two\nlines"]]),
            ("a\n\n,\nlast", [["a"], ["", ""], ["last"]]),
            ("\"open,never closed\n", [["open,never closed\n"]]),
        ])
    func csv(_ text: String, _ records: [[String]]) {
        #expect(CSVRecords.parse(Array(text.utf8)) == records)
    }

    @Test(".import --csv puts a file into a temporary table named by its header, warns of short lines, the database untouched")
    func importCSV() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try "who,\"n, m\"\nann,1\n\"b\nob\",2\nshort\n".write(toFile: fixture.path("people.csv"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path("lifeline.db")))
        let run = try fixture.run(
            ".import --csv people.csv people\n.mode list --titles on\n.headers on\nSELECT * FROM temp.people;\n"
                + ".import --csv people.csv people\nSELECT count(*) AS n FROM people;\n")
        #expect(run.status == 0, "\(run.text)")
        let warning = "people.csv:5: warning: expected 2 values but found 1; filling the rest with NULL\n"
        #expect(run.text == warning + "who|n, m\nann|1\nb\nob|2\nshort|\n" + warning + "n\n7\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path("lifeline.db"))) == before)
    }

    @Test(".import of a file that is not a trace says so and imports nothing")
    func notATrace() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try "a,b\n1,2\n".write(toFile: fixture.path("data.csv"), atomically: true, encoding: .utf8)
        let run = try fixture.run(
            ".import data.csv\n.mode list --titles on\n.headers off\nSELECT count(*) FROM trace_file WHERE path LIKE '%csv';\n")
        #expect(run.status == 1)
        #expect(
            run.text == "session.script:1:1: error: data.csv: error: no lifecycle events: read as console text, "
                + "none of its 2 lines names a UIKit callback or an app event (--from names the shape, --pattern the lines' layout; "
                + "docs/interchange.md) (not imported); '.import --csv FILE TABLE' reads CSV into a temporary table\n"
                + "imported 0 files, 0 launches, 0 events, 0 skipped lines\n0\n")
    }

    @Test(".load of a shared library says extensions are disabled; by name or by its ELF or Mach-O magic")
    func sharedLibraries() throws {
        let fixture = try ReplFixture()
        defer { fixture.remove() }
        try Data([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1]).write(to: URL(fileURLWithPath: fixture.path("ext.rules")))
        try Data([0xCF, 0xFA, 0xED, 0xFE, 7]).write(to: URL(fileURLWithPath: fixture.path("macho")))
        #expect(ReplCommand.isSharedLibrary(fixture.path("ext.rules")))
        #expect(ReplCommand.isSharedLibrary(fixture.path("macho")))
        #expect(ReplCommand.isSharedLibrary("missing/libfoo.so"))
        #expect(ReplCommand.isSharedLibrary("x.dylib"))
        #expect(!ReplCommand.isSharedLibrary(ReplFixture.fixtures.appendingPathComponent("rules/notes.rules").path))
        let run = try fixture.run(".load ext.rules\n")
        #expect(run.status == 1)
        #expect(
            run.text
                == "session.script:1:1: error: .load: 'ext.rules' is a shared library; SQLite extensions are disabled in the shell (.load loads rules files)\n"
        )
    }
}
