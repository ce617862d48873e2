import Foundation
import LifelineTestSupport
import Testing

@testable import LifelineStore

/// The inserter writes 16 rows per statement run and the rest of a batch one at a time: every row
/// lands once, with its own values, whichever statement wrote it.
@Suite("Inserting in runs of 16 rows")
struct EventInserterRowsTests {
    /// A launch of `count` events: begin/end pairs of `sync.upload` (so a pair can straddle two statement
    /// runs), every third event with attributes, every fourth pair without a session.
    static func trace(events count: Int) -> String {
        var text = #"{"lifeline":1,"type":"launch","launch":"L1","lifecycle":"scene"}"# + "\n"
        for seq in 1...count {
            let phase = seq % 2 == 1 ? "begin" : "end"
            let session = Self.session(seq).map { #","session":"\#($0)""# } ?? ""
            let attrs = seq % 3 == 0 ? #","attrs":{"n":\#(seq)}"# : ""
            text += #"{"seq":\#(seq),"t":\#(seq * 1_000),"event":"sync.upload","phase":"\#(phase)"\#(session)\#(attrs)}"# + "\n"
        }
        return text
    }

    /// The session of event `seq`: its pair's.
    static func session(_ seq: Int) -> String? {
        let pair = (seq + 1) / 2
        return pair % 4 == 0 ? nil : "S\(pair % 3)"
    }

    @Test(
        "each row keeps its values and its pair across the runs' boundaries",
        arguments: [1, 2, 15, 16, 17, 31, 32, 33, 50])
    func rowsAcrossRuns(_ count: Int) throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let (result, diagnostics) = fixture.importFile(try fixture.write("t.ndjson", Self.trace(events: count)))
        #expect(result.events == count && diagnostics.isEmpty, "\(diagnostics)")
        let rows = try fixture.rows(
            """
            SELECT e.id, e.seq, e.t, e.line, e.phase, COALESCE(s.value, 'NULL'), COALESCE(e.attrs, 'NULL'), COALESCE(e.pair_id, 0)
            FROM event_raw e LEFT JOIN string s ON s.id = e.session_id ORDER BY e.id
            """)
        #expect(rows.count == count)
        for (index, row) in rows.enumerated() {
            let seq = index + 1
            let pair = seq % 2 == 1 ? (seq < count ? seq + 1 : 0) : seq - 1
            let expected = [
                String(seq), String(seq), String(seq * 1_000), String(seq + 1), seq % 2 == 1 ? "1" : "2",
                Self.session(seq) ?? "NULL", seq % 3 == 0 ? #"{"n":\#(seq)}"# : "NULL", String(pair),
            ]
            #expect(row == expected, "row \(seq) of \(count)")
        }
    }
}
