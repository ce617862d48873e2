/// Schema v5: what the `timeline` and `span` views computed with window functions over a
/// whole launch is stored with each event at import, so a filter on a launch and a session
/// reaches an index and a timeline can be read a page at a time (docs/performance.md,
/// "A million events in one launch").
///
/// Three columns of `event_raw`, each what the v3 views computed:
///
/// - `since_launch_ns`: `t` minus the `t` of the launch's first event by `seq`;
/// - `state`: the scene state after the event in its launch and session, a ``SceneStateCode``
///   (the last state change at or before it: the end or instant of a state-changing callback);
/// - `pair_id`: for a begin, the id of its end (the next begin or end of the same event, session
///   and scene, if that is an end); for that end, the id of the begin.
///
/// The importer computes them as it inserts (``DerivedEventColumns``). Everything else that changes
/// events recomputes them for the launches it touched with ``recompute(launchFilter:)``: the
/// migration for every launch, the `event` view's triggers for the row's launch, the importer for a
/// launch whose events came out of `seq` order or that a grown file continued.
extension StoreSchema {
    static let version5Identifier = "v5: derived event columns; indexed timeline and span"

    /// The SQL that sets the derived columns of every event whose launch passes `launchFilter`,
    /// a condition on `e.launch_id` (`1` for all, `e.launch_id = NEW.launch_id` in a trigger).
    ///
    /// Written without a `WITH` clause: triggers may not hold one.
    static func recompute(launchFilter: String) -> String {
        """
        UPDATE event_raw SET since_launch_ns = d.since_launch_ns, state = d.state, pair_id = d.pair_id
        FROM (
            SELECT g.id, g.t - g.launch_t AS since_launch_ns,
                   MAX(g.change) OVER (PARTITION BY g.launch_id, g.session_id, g.change_group) AS state,
                   CASE WHEN p.phase = 1 AND p.next_phase = 2 THEN p.next_id
                        WHEN p.phase = 2 AND p.previous_phase = 1 THEN p.previous_id END AS pair_id
            FROM (
                SELECT c.*, COUNT(c.change) OVER (PARTITION BY c.launch_id, c.session_id ORDER BY c.seq) AS change_group,
                       FIRST_VALUE(c.t) OVER (PARTITION BY c.launch_id ORDER BY c.seq) AS launch_t
                FROM (
                    SELECT e.id, e.launch_id, e.session_id, e.seq, e.t,
                           CASE WHEN e.phase = 1 THEN NULL ELSE \(SceneStateCode.caseExpression(on: "n.value")) END AS change
                    FROM event_raw e JOIN string n ON n.id = e.name_id
                    WHERE \(launchFilter)
                ) c
            ) g
            LEFT JOIN (
                SELECT e.id, e.phase,
                       LEAD(e.id) OVER w AS next_id, LEAD(e.phase) OVER w AS next_phase,
                       LAG(e.id) OVER w AS previous_id, LAG(e.phase) OVER w AS previous_phase
                FROM event_raw e
                WHERE (\(launchFilter)) AND e.phase IN (1, 2)
                WINDOW w AS (PARTITION BY e.launch_id, e.name_id, e.session_id, e.scene_id ORDER BY e.seq)
            ) p ON p.id = g.id
        ) AS d
        WHERE event_raw.id = d.id
            AND (event_raw.since_launch_ns IS NOT d.since_launch_ns OR event_raw.state IS NOT d.state
                 OR event_raw.pair_id IS NOT d.pair_id);
        """
    }

    /// The triggers that make the `event` view writable, as v3's, each followed by a recompute of
    /// the derived columns of the launches the row was and is in.
    static func eventTriggers() -> String {
        """
        CREATE TRIGGER event_insert INSTEAD OF INSERT ON event
        BEGIN
            INSERT OR IGNORE INTO string (value)
            SELECT value FROM (SELECT NEW.event AS value UNION ALL SELECT NEW.session UNION ALL SELECT NEW.scene
                               UNION ALL SELECT NEW.thread)
            WHERE value IS NOT NULL;
            INSERT INTO event_raw (id, launch_id, seq, t, name_id, phase, session_id, scene_id, thread_id, attrs, file_id, line)
            VALUES (NEW.id, NEW.launch_id, NEW.seq, NEW.t, (SELECT id FROM string WHERE value = NEW.event),
                    CASE NEW.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 ELSE -1 END,
                    (SELECT id FROM string WHERE value = NEW.session), (SELECT id FROM string WHERE value = NEW.scene),
                    (SELECT id FROM string WHERE value = NEW.thread), NEW.attrs, NEW.file_id, NEW.line);
            \(recompute(launchFilter: "e.launch_id = NEW.launch_id"))
        END;

        CREATE TRIGGER event_update INSTEAD OF UPDATE ON event
        BEGIN
            INSERT OR IGNORE INTO string (value)
            SELECT value FROM (SELECT NEW.event AS value UNION ALL SELECT NEW.session UNION ALL SELECT NEW.scene
                               UNION ALL SELECT NEW.thread)
            WHERE value IS NOT NULL;
            UPDATE event_raw SET id = NEW.id, launch_id = NEW.launch_id, seq = NEW.seq, t = NEW.t,
                   name_id = (SELECT id FROM string WHERE value = NEW.event),
                   phase = CASE NEW.phase WHEN 'instant' THEN 0 WHEN 'begin' THEN 1 WHEN 'end' THEN 2 ELSE -1 END,
                   session_id = (SELECT id FROM string WHERE value = NEW.session),
                   scene_id = (SELECT id FROM string WHERE value = NEW.scene),
                   thread_id = (SELECT id FROM string WHERE value = NEW.thread),
                   attrs = NEW.attrs, file_id = NEW.file_id, line = NEW.line
            WHERE id = OLD.id;
            \(recompute(launchFilter: "e.launch_id IN (OLD.launch_id, NEW.launch_id)"))
        END;

        CREATE TRIGGER event_delete INSTEAD OF DELETE ON event
        BEGIN
            DELETE FROM event_raw WHERE id = OLD.id;
            \(recompute(launchFilter: "e.launch_id = OLD.launch_id"))
        END;
        """
    }

    static var version5: String {
        """
        ALTER TABLE event_raw ADD COLUMN since_launch_ns INTEGER;
        ALTER TABLE event_raw ADD COLUMN state INTEGER;
        ALTER TABLE event_raw ADD COLUMN pair_id INTEGER;

        \(recompute(launchFilter: "1"))

        -- A launch's events between two seqs (the events inside a span, between two callbacks): a range of this
        -- index rather than every event of the launch.
        CREATE INDEX event_raw_by_seq ON event_raw(launch_id, seq);

        DROP TRIGGER event_insert;
        DROP TRIGGER event_update;
        DROP TRIGGER event_delete;
        \(eventTriggers())

        DROP VIEW span;
        DROP VIEW timeline;

        -- Callback spans: each begin with its end (the next begin or end of the same event, session and scene,
        -- if it is an end), paired at import.
        CREATE VIEW span AS
        SELECT b.launch_id, n.value AS event, s.value AS session, c.value AS scene,
               (SELECT value FROM string WHERE id = b.thread_id) AS thread,
               b.seq AS begin_seq, b.t AS begin_t, x.seq AS end_seq, x.t AS end_t, x.t - b.t AS duration_ns,
               b.file_id, b.line AS begin_line, x.line AS end_line
        FROM event_raw b
        JOIN string n ON n.id = b.name_id
        LEFT JOIN string s ON s.id = b.session_id
        LEFT JOIN string c ON c.id = b.scene_id
        LEFT JOIN event_raw x ON x.id = b.pair_id
        WHERE b.phase = 1;

        -- Every event with the time since its launch's first event and the scene state after it, per launch and
        -- session (NULL session: the app, whose state legacy app-delegate callbacks drive).
        CREATE VIEW timeline AS
        SELECT e.id, e.launch_id, e.seq, e.t, n.value AS event,
               CASE e.phase WHEN 0 THEN 'instant' WHEN 1 THEN 'begin' WHEN 2 THEN 'end' END AS phase,
               s.value AS session, c.value AS scene, (SELECT value FROM string WHERE id = e.thread_id) AS thread,
               e.attrs, e.file_id, e.line, e.since_launch_ns, \(SceneStateCode.nameExpression(of: "e.state")) AS state
        FROM event_raw e
        JOIN string n ON n.id = e.name_id
        LEFT JOIN string s ON s.id = e.session_id
        LEFT JOIN string c ON c.id = e.scene_id;
        """
    }
}
