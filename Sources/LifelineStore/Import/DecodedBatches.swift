import LifelineFormat

/// Feeds a decoded foreign input (console text, unified log, Chrome trace JSON) to the importer as
/// ``ImportBatch``es, the way ``ImportParser`` feeds a trace file's lines: the same order checks, the
/// same diagnostics in file order, the same inserting side.
///
/// The decoder has already read the whole file (a foreign shape is decoded before its transaction
/// starts), so the outcome covers all of it.
struct DecodedBatches: Sendable {
    let decoded: DecodedTrace
    let label: String
    let strict: Bool
    let size: Int
    /// The callbacks `--records` declares; nil: what each launch's own record says or, for a log
    /// (console text, unified log), the callbacks the launch shows (``launchRecord(_:)``).
    let declared: CallbackSet?
    /// The launches' anatomies, built as their events are handed over (nil: not derived).
    var anatomies: StreamedAnatomies?

    /// The launch record to store for `launch` (``InterchangeLaunch/checkedRecord(declaring:shape:)``:
    /// `--records`, else its own record, else for a log the callbacks it shows).
    func launchRecord(_ launch: InterchangeLaunch) -> LaunchRecord {
        launch.checkedRecord(declaring: declared, shape: decoded.shape)
    }

    /// Fills `queue` with every launch and event, then finishes it with the outcome.
    func run(into queue: ImportBatchQueue) {
        var outcome = ImportParser.Outcome(lastLine: decoded.lineCount, bytesRead: size, terminatedOffset: size)
        outcome.tornLineImported = true
        outcome.malformed = decoded.malformed
        var anatomies = self.anatomies
        fill(queue, &outcome, &anatomies)
        anatomies?.finish()
        outcome.anatomies = anatomies
        queue.finish(outcome)
    }

    private func fill(_ queue: ImportBatchQueue, _ outcome: inout ImportParser.Outcome, _ anatomies: inout StreamedAnatomies?) {
        guard var batch = queue.emptyBatch() else { return }
        // Diagnostics are reported in line order, before the events of the same line.
        let diagnostics = decoded.diagnostics.sorted { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        var nextDiagnostic = 0
        func report(upTo line: Int) {
            while nextDiagnostic < diagnostics.count, diagnostics[nextDiagnostic].line ?? 0 <= line {
                batch.interludes.append((batch.events.count, .diagnostic(diagnostics[nextDiagnostic].in(file: label))))
                if diagnostics[nextDiagnostic].severity == .warning { outcome.warnings += 1 }
                nextDiagnostic += 1
            }
        }
        if let fatal = decoded.fatal {
            outcome.abort = ImportError(.malformedLine, fatal.in(file: label))
            queue.send(batch)
            return
        }
        if strict, decoded.malformed > 0, let first = diagnostics.first {
            outcome.abort = .strict(
                .malformedLine, file: label, line: first.line, "this line of the \(decoded.shape.title) cannot be read")
            queue.send(batch)
            return
        }
        var order = TraceOrderChecker()
        for launch in decoded.launches {
            report(upTo: launch.line)
            let record = launchRecord(launch)
            batch.interludes.append((batch.events.count, .launch(record, line: launch.line)))
            anatomies?.begin(record)
            order.beginLaunch(part: launch.record.part)
            outcome.launches += 1
            for (event, line) in zip(launch.events, launch.lines) {
                report(upTo: line)
                let problems = order.check(
                    seq: event.seq, t: event.t, phase: event.phase,
                    span: TraceOrderChecker.SpanKey(event: event.event.name, session: event.session, scene: event.scene),
                    line: line, seqColumn: 1, tColumn: 1, phaseColumn: 1)
                for problem in problems {
                    batch.interludes.append((batch.events.count, .diagnostic(problem.in(file: label))))
                    if problem.severity == .error { outcome.orderErrors += 1 } else { outcome.warnings += 1 }
                }
                if strict && problems.contains(where: { $0.severity == .error }) {
                    outcome.abort = .strict(.outOfOrder, file: label, line: line, "events out of order")
                    queue.send(batch)
                    return
                }
                batch.events.append(
                    ImportBatch.Event(
                        seq: event.seq, t: event.t, line: line, callback: event.event.callback,
                        name: event.event.callback == nil ? batch.append(event.event.name) : .none, phase: event.phase,
                        session: batch.append(event.session), scene: batch.append(event.scene), thread: batch.append(event.thread),
                        attrs: batch.append(event.attrs)))
                anatomies?.noteLastEvent(of: batch)
                outcome.events += 1
                if event.event == EventName.dropped, let count = event.attrs["count"]?.numberValue, count.isFinite,
                    count >= 0, count < 1e15
                {
                    outcome.dropped += Int(count)
                }
                if batch.events.count >= ImportBatchQueue.batchCapacity {
                    batch.bytesRead = size
                    queue.send(batch)
                    guard let next = queue.emptyBatch() else { return }
                    batch = next
                }
            }
        }
        report(upTo: .max)
        batch.bytesRead = size
        queue.send(batch)
    }
}

extension ImportBatch {
    /// Copies a string's bytes into the batch.
    func append(_ string: String?) -> Slice {
        guard var string else { return .none }
        let start = bytes.count
        string.withUTF8 { bytes.append(contentsOf: $0) }
        return Slice(start: Int32(start), count: Int32(bytes.count - start))
    }

    /// Writes attributes into the batch as the JSON object `event_raw.attrs` holds (nothing when empty).
    func append(_ attrs: Attributes) -> Slice {
        guard !attrs.isEmpty else { return .none }
        let start = bytes.count
        TraceEncoder.attributes(attrs, &bytes)
        return Slice(start: Int32(start), count: Int32(bytes.count - start))
    }
}
