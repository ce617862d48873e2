import LifelineFormat

/// Reads, scans and checks one file's lines into ``ImportBatch``es, on a thread
/// of its own, while the database thread inserts the batches before.
///
/// Everything that does not need the database happens here: splitting lines,
/// scanning them, the order checks, diagnostics (located here, reported by the
/// database thread in file order), counting malformed lines and dropped events,
/// and failing a file under `--strict`. Parsing and inserting then take turns on
/// two cores instead of one (docs/performance.md).
struct ImportParser: Sendable {
    /// What the parse found besides the rows.
    struct Outcome: Sendable {
        var launches = 0
        var events = 0
        var malformed = 0
        var dropped = 0
        var warnings = 0
        var orderErrors = 0
        /// The last line consumed (a torn last line that was skipped is not).
        var lastLine: Int
        /// File offset after the last line read.
        var bytesRead: Int
        /// File offset after the last newline.
        var terminatedOffset: Int
        var tornLineImported = false
        /// Why the file must not be imported at all (`--strict`, an unsupported version).
        var abort: ImportError?
        var readError: TraceFileError?
        /// The hashes of the bytes read, when the parser was asked for them (``ImportParser/hashes``).
        var hashes: FileHashes?
        /// Every launch's anatomy, when the reader was asked to build them (``ImportParser/anatomies``).
        var anatomies: StreamedAnatomies?
    }

    let path: String
    let label: String
    let strict: Bool
    /// Read no further than this: the size the file had when it was hashed.
    let endOffset: Int
    let startOffset: Int
    let firstLine: Int
    var order: TraceOrderChecker
    /// Whether events have a launch to belong to (a file that grew continues its last launch).
    var inLaunch: Bool
    /// Whether to hash the bytes as they are read (a new file, not hashed before its import; read from its start).
    var hashes = false
    /// The launches' anatomies, built as their events are read (nil: not derived, or derived from the stored events).
    var anatomies: StreamedAnatomies?

    /// Parses the whole file into `queue`, then finishes it with the outcome.
    func run(into queue: ImportBatchQueue) {
        var parser = self
        queue.finish(parser.parse(into: queue))
    }

    private mutating func parse(into queue: ImportBatchQueue) -> Outcome {
        var outcome = Outcome(lastLine: firstLine - 1, bytesRead: startOffset, terminatedOffset: startOffset)
        var hashing = hashes ? FileHashes.Builder(priorSize: nil) : nil
        do throws(TraceFileError) {
            var reader = try TraceLineReader(path: path)
            reader.endOffset = endOffset
            try reader.seek(to: startOffset)
            if hashing != nil { reader.onRead = { hashing?.update($0) } }
            parse(&reader, into: queue, &outcome)
            try reader.checkReadError()
        } catch {
            outcome.readError = error
        }
        outcome.hashes = hashing?.finish()
        anatomies?.finish()
        outcome.anatomies = anatomies
        return outcome
    }

    private mutating func parse(_ reader: inout TraceLineReader, into queue: ImportBatchQueue, _ outcome: inout Outcome) {
        guard var batch = queue.emptyBatch() else { return }
        var scanner = TraceLineScanner()
        let label = self.label
        let strict = self.strict

        reader.forEachLine(firstLine: firstLine) { bytes, number, terminated in
            outcome.bytesRead += bytes.count + 1
            if TraceLineScanner.isBlank(bytes) {
                if terminated { outcome.lastLine = number }
                return true
            }
            func report(_ diagnostic: Diagnostic) {
                batch.interludes.append((batch.events.count, .diagnostic(diagnostic.in(file: label))))
            }
            let scanned: ScannedLine
            do throws(TraceFormatError) {
                scanned = try scanner.scan(bytes, lineNumber: number)
            } catch {
                if !terminated {
                    outcome.warnings += 1
                    report(
                        Diagnostic(
                            .warning, line: number, column: bytes.count + 1,
                            "last line is not terminated and is incomplete; not imported (the producer stopped mid-write or is still writing)"
                        ))
                    return true
                }
                report(error.diagnostic)
                if error.code == .unsupportedVersion {
                    outcome.abort = ImportError(.unsupportedVersion, error.diagnostic.in(file: label))
                    return false
                }
                outcome.malformed += 1
                outcome.lastLine = number
                if strict {
                    outcome.abort = .strict(.malformedLine, file: label, line: number, "malformed line")
                    return false
                }
                return true
            }
            if !terminated {
                outcome.tornLineImported = true
                outcome.warnings += 1
                report(
                    Diagnostic(
                        .warning, line: number, column: bytes.count + 1,
                        "last line is not terminated (imported; the producer stopped mid-write or is still writing)"))
            }
            outcome.lastLine = number
            switch scanned.kind {
            case .launch:
                let record = LaunchRecord(scanned, line: bytes, scanner: scanner)
                batch.interludes.append((batch.events.count, .launch(record, line: number)))
                anatomies?.begin(record)
                order.beginLaunch(part: scanned.part)
                inLaunch = true
                outcome.launches += 1
            case .event:
                guard inLaunch else {
                    report(Diagnostic(.error, line: number, column: 1, "event before any launch record"))
                    outcome.malformed += 1
                    if strict {
                        outcome.abort = .strict(.eventBeforeLaunch, file: label, line: number, "event before any launch record")
                        return false
                    }
                    return true
                }
                let problems = order.check(scanned, bytes: bytes, scanner: scanner, line: number)
                for problem in problems {
                    report(problem)
                    if problem.severity == .error { outcome.orderErrors += 1 } else { outcome.warnings += 1 }
                }
                if strict && problems.contains(where: { $0.severity == .error }) {
                    outcome.abort = .strict(.outOfOrder, file: label, line: number, "events out of order")
                    return false
                }
                scanner.scratch.withUnsafeBytes { scratch in
                    batch.events.append(
                        ImportBatch.Event(
                            seq: scanned.seq, t: scanned.t, line: number, callback: scanned.callback,
                            name: scanned.callback == nil ? batch.append(scanned.event, line: bytes, scratch: scratch) : .none,
                            phase: scanned.phase,
                            session: batch.append(scanned.session, line: bytes, scratch: scratch),
                            scene: batch.append(scanned.scene, line: bytes, scratch: scratch),
                            thread: batch.append(scanned.thread, line: bytes, scratch: scratch),
                            attrs: batch.append(scanned.attrs, line: bytes)))
                }
                anatomies?.noteLastEvent(of: batch)
                outcome.events += 1
                if scanned.callback == nil, scanned.event.count == 16,
                    scanner.string(scanned.event, in: bytes) == EventName.dropped.name,
                    case .event(let event) = TraceRecord(scanned, line: bytes, scanner: scanner),
                    let count = event.attrs["count"]?.numberValue
                {
                    outcome.dropped += Int(count)
                }
                if batch.events.count >= ImportBatchQueue.batchCapacity {
                    batch.bytesRead = outcome.bytesRead
                    queue.send(batch)
                    guard let next = queue.emptyBatch() else { return false }
                    batch = next
                }
            }
            return true
        }
        batch.bytesRead = outcome.bytesRead
        queue.send(batch)
        outcome.terminatedOffset = reader.terminatedOffset
    }
}
