import Testing

/// A script or command line run through sqlite3 3.53 and `lifeline repl` (``ReplSqlite353Tests``).
struct Sqlite353Case: Sendable, CustomTestStringConvertible {
    /// What must agree between the two shells.
    enum Expectation: String, Sendable {
        /// Standard output, standard error and the exit status, byte for byte.
        case identical
        /// Standard output and the exit status; standard error is Lifeline's located diagnostics
        /// (`<stdin>:3:8: error: ...`), held to its recording.
        case sameOutput = "same output and status"
        /// A difference docs/repl.md lists with its reason: Lifeline's output is held to its recording.
        case differs
    }

    var name: String
    /// The arguments after `sqlite3 -readonly` and after `lifeline repl`.
    var arguments: [String]
    var stdin: String
    var expectation: Expectation
    /// Why standard error or the output differs (docs/repl.md's table says it too).
    var reason: String?
    /// When recording, check that sqlite3 3.53 reads the output back to the same database (a `.dump`).
    var reloads = false

    init(
        _ name: String, _ arguments: [String], _ stdin: String = "", _ expectation: Expectation = .identical, _ reason: String? = nil,
        reloads: Bool = false
    ) {
        self.name = name
        self.arguments = arguments
        self.stdin = stdin
        self.expectation = expectation
        self.reason = reason
        self.reloads = reloads
    }

    var testDescription: String { name }

    // MARK: - The databases

    /// Values for every format: integers to the limit, reals sqlite3 prints in each of its forms,
    /// text with separators, quotes, line breaks, a bare carriage return, non-ASCII, markup, and
    /// the escape sequences a trace could carry (a window title, a hyperlink, the clipboard, SGR,
    /// C1 CSI, a bidirectional override); blobs, one not UTF-8, one empty, one with a NUL; NULL
    /// and the text 'NULL'.
    static let valuesDatabase = """
        CREATE TABLE v(i INTEGER, r REAL, t TEXT, b BLOB, n);
        INSERT INTO v VALUES (1, 2.5, 'plain', x'414243', NULL),
          (-7, 1e20, 'a,b "q" it''s', x'41ff', 'NULL'),
          (0, -0.5, 'line' || char(10) || 'break' || char(13) || 'x', x'', 'é ü'),
          (9223372036854775807, 0.1 + 0.2, '', x'1b5b324a', '<a href="x">&</a>'),
          (2, 0.0, 'esc' || char(27) || ']0;pwned' || char(7) || 'end' || char(127) || char(8) || 'x', x'00ff',
           'tab' || char(9) || 'cr' || char(13) || char(10) || 'lf'),
          (3, 1.0 / 3, 'visible' || char(13) || 'HIDDEN', 'blobtext', ' x '),
          (4, 1e-7, char(27) || ']8;;https://evil.example' || char(27) || '\\link' || char(27) || ']8;;' || char(27) || '\\',
           x'1b5d35323b633b636d30674c584a6d07', 'bidi' || char(8238) || 'txt.exe'),
          (5, 123456789012345678.0, 'back\\slash', x'0a', '9' || char(155) || '31m' || char(27) || '[31mred');
        CREATE TABLE "odd name"("a b", "select", c);
        INSERT INTO "odd name" VALUES (1, 'x', NULL), (2, 'it''s', 2.5);
        CREATE VIEW w AS SELECT i, t FROM v WHERE i > 0;
        CREATE INDEX v_i ON v(i);
        CREATE TRIGGER v_t AFTER INSERT ON v BEGIN SELECT 1; END;
        """

    /// A foreign database written to attack whoever opens it: names and SQL with escape sequences,
    /// and a view whose error message retitles the terminal (sqlite3 3.53 prints it as it is).
    static let hostileDatabase = """
        CREATE TABLE "t\u{1B}]0;pwned\u{07}"(x);
        INSERT INTO "t\u{1B}]0;pwned\u{07}" VALUES (1);
        CREATE VIEW evil AS SELECT * FROM "gone\u{1B}]0;pwned\u{07}";
        CREATE VIEW "col\u{1B}[2J" AS SELECT 1 AS "x\u{1B}[31m";
        """

    // MARK: - The cases

    static let all: [Sqlite353Case] = modes + options + scripts + commands + hostile

    static let everything = "SELECT * FROM v;\n"

    /// Every mode both shells have, on every kind of value, with and without column names, then
    /// the escape choices in the machine modes.
    static let modes: [Sqlite353Case] =
        ["list", "tabs", "csv", "ascii", "line", "quote", "insert", "json", "html", "box", "table", "column", "markdown", "qbox"]
        .flatMap { mode -> [Sqlite353Case] in
            let differs = differences[mode]
            return [
                Sqlite353Case(
                    "mode-\(mode)", ["values.db"],
                    ".mode \(mode)\n" + everything + "SELECT count(*) AS n, 'x' FROM v;\nSELECT 1 WHERE 0;\n",
                    differs == nil ? .identical : .differs, differs),
                Sqlite353Case(
                    "mode-\(mode)-headers", ["values.db"],
                    ".headers on\n.mode \(mode)\n" + everything + "SELECT count(*) AS n, 'x' FROM v;\n",
                    differs == nil ? .identical : .differs,
                    differs),
            ]
        }
        + ["list", "tabs", "csv", "ascii", "line", "quote", "insert", "json", "html"].flatMap { mode in
            ["symbol", "off"].map { escape in
                let differs = differences[mode]
                return Sqlite353Case(
                    "mode-\(mode)-escape-\(escape)", ["values.db"], ".mode \(mode) --escape \(escape)\n" + everything,
                    differs == nil ? .identical : .differs, differs)
            }
        } + [
            Sqlite353Case(
                "mode-insert-table", ["values.db"], ".mode insert picked\n" + everything + ".headers on\nSELECT * FROM \"odd name\";\n"),
            Sqlite353Case(
                "reals", ["values.db"],
                ".mode list\nSELECT 0.1 + 0.2, 1e20, -0.0, 0.0 * -1, 1.0, 1e-7, 123456789012345678.0, 1.0 / 3, 4.35, 1e15, 1e16, 1e17, "
                    + "9007199254740993.0, 100.0 / 3, 49.47, 1e-5, 0.0001, 5e-324, 1.7976931348623157e308, 2.0 / 3 * 1e100;\n"
                    + ".mode quote\nSELECT 0.1 + 0.2, -0.0, 1e20, 1.0 / 3, 1e-7;\n.mode json\nSELECT 0.1 + 0.2 AS a, -0.0 AS b;\n"),
            Sqlite353Case(
                "reals-infinite", ["values.db"],
                ".mode list\nSELECT 1e999, -1e999;\n.mode quote\nSELECT 1e999, -1e999;\n.mode json\nSELECT 1e999 AS i;\n",
                .differs, "an infinite real is 1e999 in quote and json (SQL and JSON that read back as infinity); sqlite3 writes Inf"),
            Sqlite353Case("null-and-text-null", ["values.db"], nullAndText),
            Sqlite353Case(
                "null-and-text-null-screen", ["values.db"],
                [".mode box", ".mode table", ".mode column", ".mode markdown", ".mode qbox"].map { $0 + "\n" + nullAndTextQuery }.joined()),
            Sqlite353Case(
                "wide-values-not-cut", ["values.db"], ".mode box\nSELECT '" + String(repeating: "wide ", count: 40) + "' AS w, 1;\n"),
            Sqlite353Case(
                "width-fixed", ["values.db"], ".width 3 -6\n.mode box\nSELECT i, t FROM v WHERE i < 2;\n.mode\n", .differs,
                "a fixed .width cuts values with … rather than wrapping them onto more lines"),
        ]

    static let nullAndTextQuery = "SELECT NULL AS a, 'NULL' AS b, '' AS c;\n"
    static let nullAndText =
        ["list", "csv", "tabs", "quote", "insert", "json", "html", "line", "ascii"].map { ".mode \($0)\n" + nullAndTextQuery }.joined()
        + ".mode list\n.nullvalue -\n" + nullAndTextQuery + ".mode csv\n" + nullAndTextQuery + ".nullvalue NULL\n" + nullAndTextQuery

    /// Why a mode's output differs from sqlite3's on ``valuesDatabase``.
    static let differences: [String: String] = [
        "json": "a blob is {\"blob\":\"HEX\"} in json, never a string a reader takes for text",
        "box": "a table cell shows text that is not UTF-8 with U+FFFD (the table is text)",
        "table": "a table cell shows text that is not UTF-8 with U+FFFD (the table is text)",
        "column": "a table cell shows text that is not UTF-8 with U+FFFD (the table is text)",
        "markdown": "a table cell shows text that is not UTF-8 with U+FFFD, and a | in a value as \\| (a Markdown table keeps its columns)",
    ]

    /// sqlite3's command-line options, alone and together, in their order.
    static let options: [Sqlite353Case] = {
        let query = "SELECT i, t, n, b, r FROM v WHERE i BETWEEN 0 AND 3 ORDER BY i"
        func flags(_ flags: [String], _ expectation: Expectation = .identical, _ reason: String? = nil) -> Sqlite353Case {
            let words = flags.map { flag in flag.hasPrefix("-") ? String(flag.drop { $0 == "-" }) : "value" }
            return Sqlite353Case("option-" + words.joined(separator: "-"), flags + ["values.db", query], "", expectation, reason)
        }
        return [
            flags(["-list"]), flags(["-csv"]), flags(["-csv", "-header"]), flags(["-header", "-csv"]), flags(["-tabs"]), flags(["-ascii"]),
            flags(["-line"]), flags(["-quote"]), flags(["-html"]), flags(["-html", "-noheader"]),
            flags(["-json"], .differs, differences["json"]),
            flags(["-box"]), flags(["-table"]), flags(["-column"]), flags(["-markdown"]),
            flags(["-header", "-noheader"]), flags(["-noheader", "-header"]), flags(["-list", "-header"]),
            flags(["-separator", ";"]), flags(["-csv", "-separator", ";"]), flags(["-separator", ";", "-csv"]), flags(["-newline", "~"]),
            flags(["-nullvalue", "<null>"]), flags(["-nullvalue", "<null>", "-csv"]), flags(["-escape", "symbol"]),
            Sqlite353Case("option-escape-off", ["-escape", "off", "values.db", query]),
            Sqlite353Case("option-escape-off-csv", ["--escape", "off", "-csv", "values.db", query]), flags(["-batch"]),
            flags(["-readonly"]),
            Sqlite353Case("option-cmd-order", ["-cmd", ".mode csv", "-json", "values.db", query], "", .differs, differences["json"]),
            Sqlite353Case("option-cmd-after", ["-json", "-cmd", ".mode csv", "values.db", query], ""),
            Sqlite353Case("option-cmd-headers", ["-cmd", ".headers on", "-cmd", ".mode quote", "values.db"], "SELECT 'x' AS t;\n"),
            Sqlite353Case("option-echo", ["-echo", "values.db", "SELECT 1;", ".print x"]),
            Sqlite353Case("option-echo-stdin", ["-echo", "values.db"], "SELECT 1;\n.mode csv\nSELECT 2, 'a b';\n"),
            Sqlite353Case("option-batch-stdin", ["-batch", "values.db"], "SELECT 1;\nSELECT 2;\n"),
            Sqlite353Case(
                "option-bail", ["-bail", "values.db"], "SELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n", .sameOutput, locatedErrors),
            Sqlite353Case(
                "option-bail-cmd", ["-bail", "-cmd", "SELECT * FROM nosuch", "values.db", "SELECT 1;"], "", .sameOutput, locatedErrors),
            Sqlite353Case("option-terminator", ["values.db", "--", "-csv"], "", .sameOutput, locatedErrors),
            Sqlite353Case(
                "option-insert", ["-insert", "values.db", query], "", .differs,
                "an unknown option is a usage error with exit status 2 (every lifeline command's), said Lifeline's way; sqlite3 exits 1"),
            Sqlite353Case(
                "option-escape-unknown", ["-escape", "loud", "values.db", query], "", .differs,
                "an unknown option value is a usage error with exit status 2, said Lifeline's way"),
            Sqlite353Case(
                "option-arguments-stop", ["values.db", "SELECT 1;", "SELECT * FROM nosuch;", "SELECT 2;"], "", .sameOutput, locatedErrors),
            Sqlite353Case("option-arguments-dot-stop", ["values.db", "SELECT 1;", ".bogus", "SELECT 2;"], "", .sameOutput, locatedErrors),
            Sqlite353Case("option-arguments-ignore-stdin", ["values.db", "SELECT 1;"], "SELECT 'never read';\n"),
        ]
    }()

    static let triggersHidden =
        ".schema shows tables, views and indexes; triggers only with --indent or --triggers (Lifeline's own tables carry a hundred lines of them)"

    static let locatedErrors = "errors are located diagnostics (<stdin>:2:1: error: ...), as everywhere in Lifeline"

    /// Scripts on standard input: how they end, fail, and print.
    static let scripts: [Sqlite353Case] = [
        Sqlite353Case("exit-status", ["values.db"], "SELECT 1;\n.exit 3\nSELECT 2;\n"),
        Sqlite353Case("exit-status-wraps", ["values.db"], ".exit 300\n"),
        Sqlite353Case("exit-zero", ["values.db"], "SELECT 1;\n.exit 0\nSELECT 2;\n"),
        Sqlite353Case("exit-after-error", ["values.db"], "SELECT * FROM nosuch;\n.exit\nSELECT 2;\n", .sameOutput, locatedErrors),
        Sqlite353Case("exit-status-in-read", ["values.db"], ".read exit.sql\nSELECT 2;\n", .identical),
        Sqlite353Case("quit", ["values.db"], "SELECT 1;\n.quit\nSELECT 2;\n"),
        Sqlite353Case("errors-go-on", ["values.db"], "SELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n", .sameOutput, locatedErrors),
        Sqlite353Case("bail", ["values.db"], ".bail on\nSELECT 1;\nSELECT * FROM nosuch;\nSELECT 2;\n", .sameOutput, locatedErrors),
        Sqlite353Case("unterminated-comment", ["values.db"], "SELECT 1;\n/* nothing after this\n"),
        Sqlite353Case("unterminated-comment-after-sql", ["values.db"], "SELECT 1;\nSELECT 2 /* to the end\n"),
        Sqlite353Case("no-final-semicolon", ["values.db"], "SELECT 1;\nSELECT 2\n"),
        Sqlite353Case("comment-after-statement", ["values.db"], "SELECT 1; -- done\n"),
        Sqlite353Case("schema-nosuch", ["values.db"], ".schema nosuch\nSELECT 5;\n"),
        Sqlite353Case("unknown-command", ["values.db"], ".bogus\nSELECT 6;\n", .sameOutput, locatedErrors),
        Sqlite353Case("mode-unknown", ["values.db"], ".mode bogus\nSELECT 7;\n", .sameOutput, locatedErrors),
        Sqlite353Case(
            "mode-show",
            ["values.db"],
            ".mode\n.mode csv\n.mode\n.mode tabs\n.mode\n.mode insert foo\n.mode\n.mode list --null x\n.mode\n.headers on\n.mode\n"
                + ".mode box\n.headers off\n.mode\n.mode qbox --quote relaxed\n.mode\n.mode csv --escape symbol\n.mode\n"),
        Sqlite353Case(
            "mode-resets", ["values.db"],
            ".nullvalue X\n.separator ; ~\n.mode list\nSELECT NULL, 1;\n.nullvalue Y\nSELECT NULL, 2;\n.mode csv\nSELECT NULL, 3;\n.mode quote\nSELECT NULL;\n"
        ),
        Sqlite353Case(
            "headers-kept", ["values.db"],
            ".mode csv\nSELECT 1 AS a;\n.headers on\n.mode list\nSELECT 2 AS b;\n.headers off\n.mode box\nSELECT 3 AS c;\n.mode html\nSELECT 4 AS d;\n"
        ),
        Sqlite353Case(
            "headers-default", ["values.db"], ".mode box\nSELECT 1 AS a;\n.mode html\nSELECT 2 AS b;\n.mode list\nSELECT 3 AS c;\n"),
        Sqlite353Case(
            "separator-quoting", ["values.db"],
            ".separator \\t\nSELECT 1, 2;\n.separator \"\\t\" \"\\r\\n\"\nSELECT 3, 4;\n.separator ','\nSELECT 5, 6;\n"),
        Sqlite353Case("separator-semicolon", ["values.db"], ".separator , ;\nSELECT 1, 2;\nSELECT 3, 4;\n"),
        Sqlite353Case(
            "show", ["values.db"],
            ".show\n.mode csv\n.nullvalue 'n/a'\n.width 3 -4\n.eqp on\n.explain off\n.headers on\n.show\n.mode ascii\n.show\n"),
        Sqlite353Case("print", ["values.db"], ".print hello   world 'a b'\n.print\n.print a\\tb \"c\\td\" 'e\\tf'\n"),
        Sqlite353Case(
            "print-control", ["values.db"], ".print \"\\033]0;pwned\\007\" '\u{1B}[2J'\n", .differs,
            ".print escapes control characters as a value's are: a script cannot drive the terminal"),
        Sqlite353Case("echo", ["values.db"], ".echo on\nSELECT 1;\n.print x\nSELECT 2\n  ;\n.echo off\nSELECT 3;\n"),
        Sqlite353Case(
            "echo-control", ["values.db"], ".echo on\nSELECT 'a' /* \u{1B}]0;pwned\u{07} */;\n", .differs,
            "SQL echoed by .echo is escaped as a value is: a script cannot drive the terminal"),
        Sqlite353Case(
            "nullvalue-control", ["values.db"], ".nullvalue \"\\033[31m\"\nSELECT NULL;\n", .differs,
            "the text for NULL is escaped as a value is, so a script cannot hide escapes in it"),
        Sqlite353Case("headers-usage", ["values.db"], ".headers\n.nullvalue\n.separator\nSELECT 1;\n", .sameOutput, locatedErrors),
    ]

    /// sqlite3's dot-commands that both shells have.
    static let commands: [Sqlite353Case] = [
        Sqlite353Case("tables", ["values.db"], ".tables\n.tables %e%\n.tables nosuch\n"),
        Sqlite353Case("tables-lifeline", ["lifeline.db"], ".tables\n.tables launch%\n"),
        Sqlite353Case(
            "tables-temp", ["values.db"], "CREATE TEMP TABLE tt(x);\nCREATE INDEX temp.tti ON tt(x);\n.tables\n.indexes\n.databases\n"),
        Sqlite353Case("indexes", ["values.db"], ".indexes\n.indexes v\n.indexes nosuch\n.indices v\n"),
        Sqlite353Case("indexes-lifeline", ["lifeline.db"], ".indexes\n.indexes event\n"),
        Sqlite353Case("databases", ["values.db"], ".databases\n"),
        Sqlite353Case("dump", ["values.db"], ".dump\n", reloads: true),
        Sqlite353Case("dump-table", ["values.db"], ".dump v\n.dump odd%\n", reloads: false),
        // Not reloaded: sqlite3 reads a CR LF inside a raw string as a line end, losing the CR (unistr() keeps it).
        Sqlite353Case("dump-escape-off", ["values.db"], ".mode --escape off\n.dump v\n"),
        Sqlite353Case("dump-lifeline-table", ["lifeline.db"], ".dump launch\n"),
        Sqlite353Case("fullschema", ["values.db"], ".fullschema\n"),
        Sqlite353Case("schema-table", ["values.db"], ".schema v\n.schema \"odd name\"\n.schema od*\n", .differs, triggersHidden),
        Sqlite353Case("schema", ["values.db"], ".schema\n", .differs, triggersHidden),
        Sqlite353Case("schema-indent", ["values.db"], ".schema --indent\n.schema --indent v\n"),
        Sqlite353Case(
            "schema-temp", ["values.db"],
            "CREATE TEMP TABLE tt(x);\nCREATE TEMP VIEW tv AS SELECT 1 AS a;\n.schema --indent tt\n.schema tv\n"),
        Sqlite353Case("schema-lifeline", ["lifeline.db"], ".schema --indent launch%\n"),
        Sqlite353Case(
            "parameter", ["values.db"],
            ".parameter set :a 5\n.parameter set @b 'x y'\n.parameter set $c hello\n.parameter set :r 2.5\n.parameter list\n"
                + "SELECT :a, @b, $c, :r, :missing, typeof(:a), typeof($c);\n.parameter unset :a\nSELECT :a;\n.parameter clear\n.parameter list\nSELECT @b;\n"
        ),
        Sqlite353Case(
            "changes", ["values.db"],
            ".changes on\nCREATE TEMP TABLE t(x);\nINSERT INTO t VALUES (1), (2);\nSELECT count(*) FROM t;\nDELETE FROM t;\n"),
        Sqlite353Case(
            "eqp", ["values.db"], ".eqp on\nSELECT * FROM v WHERE i = 1;\nSELECT count(*) FROM v GROUP BY n;\n.eqp off\nSELECT 4;\n"),
        Sqlite353Case("explain-query-plan", ["values.db"], "EXPLAIN QUERY PLAN SELECT * FROM v ORDER BY t;\n"),
        Sqlite353Case("explain-on", ["values.db"], ".explain on\nSELECT 1 AS a, 'long text value' AS b, NULL AS c;\n"),
        Sqlite353Case("write-refused", ["values.db"], "DELETE FROM v;\nSELECT count(*) FROM v;\n", .sameOutput, locatedErrors),
        Sqlite353Case(
            "lifeline-query", ["lifeline.db"],
            ".mode csv\n.headers on\nSELECT id, app FROM launch ORDER BY id;\nSELECT count(*) FROM event;\n"),
    ]

    /// A foreign database that attacks whoever opens it.
    static let hostile: [Sqlite353Case] = [
        Sqlite353Case(
            "hostile-error", ["hostile.db"], "SELECT * FROM evil;\n", .differs,
            "an error message is escaped, so a view in a foreign database cannot retitle the terminal (sqlite3 3.53 prints it as it is)"),
        Sqlite353Case("hostile-tables", ["hostile.db"], ".tables\n"),
        Sqlite353Case(
            "hostile-select", ["hostile.db"], ".headers on\nSELECT * FROM \"col\u{1B}[2J\";\n.mode line\nSELECT * FROM \"col\u{1B}[2J\";\n",
            .differs, "column names are escaped in line mode too (sqlite3 writes them as they are there)"),
        Sqlite353Case("hostile-schema", ["hostile.db"], ".schema --indent\n"),
    ]
}
