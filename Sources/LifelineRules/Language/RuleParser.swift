import LifelineFormat
import LifelineSupport

/// The hand-written recursive-descent parser of `.rules` files.
///
/// One `parseX` per grammar node; every node keeps its source location so
/// errors and violations point at the rule text. After an error the parser
/// skips to the next `rule` or `machine` and goes on, so one run reports every
/// broken rule. The grammar is in docs/rules.md.
struct RuleParser {
    private var tokens: [RuleToken]
    private var position = 0
    private let file: String

    private init(tokens: [RuleToken], file: String) {
        self.tokens = tokens
        self.file = file
    }

    /// Parses a whole file into rules, or throws every problem found.
    static func parse(_ text: String, file: String) throws(RuleSyntaxError) -> [Rule] {
        var lexer = RuleLexer(text)
        let tokens: [RuleToken]
        do throws(RuleParseError) {
            tokens = try lexer.tokens()
        } catch {
            throw RuleSyntaxError(file: file, diagnostics: [error.diagnostic], source: text)
        }
        var parser = RuleParser(tokens: tokens, file: file)
        var rules: [Rule] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        while parser.current.kind != .end {
            do throws(RuleParseError) {
                let rule = try parser.parseItem()
                if let first = seen[rule.id] {
                    diagnostics.append(
                        Diagnostic(
                            .error, line: rule.location.line, column: rule.location.column,
                            "duplicate rule id '\(rule.id)'", id: "rules.duplicateID",
                            notes: [Diagnostic.Note(line: first.line, column: first.column, "first defined here")]))
                } else {
                    seen[rule.id] = rule.location
                    rules.append(rule)
                }
            } catch {
                diagnostics.append(error.diagnostic)
                parser.recover()
            }
        }
        diagnostics += Self.checkReporters(rules)
        if !diagnostics.isEmpty { throw RuleSyntaxError(file: file, diagnostics: diagnostics, source: text) }
        return rules
    }

    /// A machine transition `reported by` a rule must name another rule of the same file.
    private static func checkReporters(_ rules: [Rule]) -> [Diagnostic] {
        let ids = rules.map(\.id)
        var diagnostics: [Diagnostic] = []
        for rule in rules {
            guard case .machine(let machine) = rule.body else { continue }
            for transition in machine.transitions {
                guard let reporter = transition.reportedBy else { continue }
                if reporter == rule.id {
                    diagnostics.append(
                        Diagnostic(
                            .error, line: transition.location.line, column: transition.location.column,
                            "a transition of '\(rule.id)' cannot be reported by the machine itself; give it a severity"))
                } else if !ids.contains(reporter) {
                    let hint =
                        EditDistance.nearest(to: reporter, in: ids, preferringExtensions: false).map { "; did you mean '\($0)'?" } ?? ""
                    diagnostics.append(
                        Diagnostic(
                            .error, line: transition.location.line, column: transition.location.column,
                            "no rule '\(reporter)' in this file reports this transition\(hint)"))
                }
            }
        }
        return diagnostics
    }

    // MARK: - Tokens

    private var current: RuleToken { tokens[position] }

    private mutating func advance() -> RuleToken {
        let token = tokens[position]
        if token.kind != .end { position += 1 }
        return token
    }

    private mutating func accept(name word: String) -> Bool {
        guard current.isName(word) else { return false }
        position += 1
        return true
    }

    private mutating func accept(symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        position += 1
        return true
    }

    private func fail(_ code: RuleParseError.Code, _ message: String, at location: SourceLocation? = nil) -> RuleParseError {
        RuleParseError(code, at: location ?? current.location, message)
    }

    private func expected(_ what: String) -> RuleParseError {
        fail(.unexpectedToken, "expected \(what), found \(current.quoted)")
    }

    private mutating func expect(name word: String) throws(RuleParseError) {
        guard accept(name: word) else { throw expected("'\(word)'") }
    }

    private mutating func expect(symbol: String) throws(RuleParseError) {
        guard accept(symbol: symbol) else { throw expected("'\(symbol)'") }
    }

    /// Skips to the next top-level `rule` or `machine`.
    private mutating func recover() {
        if current.kind != .end { position += 1 }
        while current.kind != .end {
            if (current.isName("rule") || current.isName("machine")) && current.location.column == 1 { return }
            position += 1
        }
    }

    // MARK: - Rules

    private static let severityWords = Set(Severity.allCases.map(\.rawValue))

    /// `rule ID [SEVERITY] [per SLICE] (':' body | '{' items '}')` or a `machine`.
    private mutating func parseItem() throws(RuleParseError) -> Rule {
        let keyword = current
        guard keyword.isName("rule") || keyword.isName("machine") else { throw expected("'rule' or 'machine'") }
        position += 1
        let isMachine = keyword.text == "machine"
        guard current.kind == .name else { throw expected("a rule id") }
        let id = advance().text
        var header = RuleHeader()
        if current.kind == .name, Self.severityWords.contains(current.text) {
            header.severity = Severity(rawValue: advance().text)
        }
        if current.isName("per") { header.slicing = try parseSlicing() }

        if !isMachine && accept(symbol: ":") {
            let body = try parseBody()
            try validate(body, slicing: header.slicing ?? .launch, at: keyword.location)
            return Rule(
                id: id, severity: header.severity ?? .error, slicing: header.slicing ?? .launch, body: body,
                file: file, location: keyword.location)
        }
        guard accept(symbol: "{") else { throw expected(isMachine ? "'{'" : "':' or '{'") }
        var body: Rule.Body?
        var machine = MachineBuilder()
        while !accept(symbol: "}") {
            if current.kind == .end { throw fail(.unexpectedToken, "expected '}' to close rule '\(id)' opened at \(keyword.location)") }
            if try parseClause(into: &header) { continue }
            if isMachine {
                try parseMachineItem(into: &machine)
            } else {
                let start = current.location
                let parsed = try parseBody()
                if body != nil {
                    throw fail(.invalidDefinition, "rule '\(id)' already has a pattern; write one pattern per rule", at: start)
                }
                body = parsed
            }
        }
        if isMachine {
            body = .machine(try machine.build(id: id, at: keyword.location))
        }
        guard let body else { throw fail(.invalidDefinition, "rule '\(id)' has no pattern", at: keyword.location) }
        try validate(body, slicing: header.slicing ?? .launch, at: keyword.location)
        return Rule(
            id: id, severity: header.severity ?? .error, message: header.message, reference: header.reference,
            slicing: header.slicing ?? .launch, conditions: header.conditions, body: body, file: file,
            location: keyword.location)
    }

    /// Checks what the grammar cannot: timed patterns stay inside one launch
    /// (each process has its own monotonic clock), machines fit the checker.
    private func validate(_ body: Rule.Body, slicing: Slicing, at location: SourceLocation) throws(RuleParseError) {
        switch body {
        case .pattern(_, let pattern):
            let timed: Bool
            switch pattern {
            case .boundedResponse, .boundedInvariance, .maximumDuration, .minimumDuration: timed = true
            default: timed = false
            }
            if timed && slicing.spansLaunches {
                throw fail(
                    .invalidDefinition,
                    "a timed pattern cannot be checked '\(slicing.description)': each launch has its own clock",
                    at: location)
            }
        case .machine(let machine):
            if machine.transitions.count > 64 {
                throw fail(.invalidDefinition, "a machine may declare at most 64 transitions", at: machine.transitions[64].location)
            }
        }
    }

    /// The clauses of a rule block that are not its body.
    private struct RuleHeader {
        var severity: Severity?
        var message: String?
        var reference: String?
        var slicing: Slicing?
        var conditions: [LaunchCondition] = []
    }

    /// Parses `severity`, `message`, `reference`, `per` or `when`; returns false for anything else.
    private mutating func parseClause(into header: inout RuleHeader) throws(RuleParseError) -> Bool {
        guard current.kind == .name else { return false }
        let keyword = current
        switch keyword.text {
        case "severity":
            position += 1
            guard current.kind == .name, let severity = Severity(rawValue: current.text) else {
                throw expected("'error', 'warning' or 'info'")
            }
            position += 1
            if header.severity != nil { throw fail(.duplicateClause, "severity given twice", at: keyword.location) }
            header.severity = severity
        case "message", "reference":
            position += 1
            guard current.kind == .string else { throw expected("a quoted string") }
            let text = advance().text
            if keyword.text == "message" {
                if header.message != nil { throw fail(.duplicateClause, "message given twice", at: keyword.location) }
                header.message = text
            } else {
                if header.reference != nil { throw fail(.duplicateClause, "reference given twice", at: keyword.location) }
                header.reference = text
            }
        case "per":
            if header.slicing != nil { throw fail(.duplicateClause, "slicing given twice", at: keyword.location) }
            header.slicing = try parseSlicing()
        case "when":
            position += 1
            repeat {
                header.conditions.append(try parseLaunchCondition())
            } while accept(name: "and")
        default:
            return false
        }
        return true
    }

    /// `per launch | per session [across launches] | per scene | per trace`.
    private mutating func parseSlicing() throws(RuleParseError) -> Slicing {
        try expect(name: "per")
        let word = current
        switch word.kind == .name ? word.text : "" {
        case "launch":
            position += 1
            return .launch
        case "session":
            position += 1
            if accept(name: "across") {
                try expect(name: "launches")
                return .session(acrossLaunches: true)
            }
            return .session(acrossLaunches: false)
        case "scene":
            position += 1
            return .scene
        case "trace":
            position += 1
            return .trace
        default:
            throw expected("'launch', 'session', 'scene' or 'trace' after 'per'")
        }
    }

    /// `FIELD OP VALUE` over the launch record.
    private mutating func parseLaunchCondition() throws(RuleParseError) -> LaunchCondition {
        let fieldToken = current
        guard fieldToken.kind == .name else { throw expected("a launch field (\(LaunchCondition.fields.joined(separator: ", ")))") }
        guard LaunchCondition.fields.contains(fieldToken.text) else {
            let hint =
                EditDistance.nearest(to: fieldToken.text, in: LaunchCondition.fields, preferringExtensions: false).map {
                    "; did you mean '\($0)'?"
                } ?? ""
            throw fail(
                .unknownName, "unknown launch field '\(fieldToken.text)'\(hint) (fields: \(LaunchCondition.fields.joined(separator: ", ")))"
            )
        }
        position += 1
        let comparison = try parseComparison()
        let value = try parseValue()
        if fieldToken.text == "lifecycle", case .string(let text) = value, Lifecycle(rawValue: text) == nil {
            throw fail(.unknownName, "unknown lifecycle '\(text)' (expected 'scene' or 'app')", at: tokens[position - 1].location)
        }
        return LaunchCondition(field: fieldToken.text, comparison: comparison, value: value, location: fieldToken.location)
    }

    private mutating func parseComparison() throws(RuleParseError) -> ComparisonOperator {
        guard current.kind == .symbol, let comparison = ComparisonOperator(rawValue: current.text) else {
            throw expected("a comparison ('=', '!=', '<', '<=', '>', '>=')")
        }
        position += 1
        return comparison
    }

    private mutating func parseValue() throws(RuleParseError) -> ConditionValue {
        let token = current
        switch token.kind {
        case .string:
            position += 1
            return .string(token.text)
        case .number:
            // A number with a unit is a duration, compared in nanoseconds (`launchTime > 400ms`).
            if token.text.last.map({ !("0"..."9").contains($0) && $0 != "." }) == true { return .duration(try parseDuration()) }
            guard let number = Double(token.text) else { throw fail(.invalidValue, "'\(token.text)' is not a number") }
            position += 1
            return .number(number)
        case .name:
            position += 1
            if token.text == "true" { return .bool(true) }
            if token.text == "false" { return .bool(false) }
            return .string(token.text)
        default:
            throw expected("a value")
        }
    }

    // MARK: - Bodies

    /// `[SCOPE ':'] PATTERN`.
    private mutating func parseBody() throws(RuleParseError) -> Rule.Body {
        let scope = try parseScope()
        return .pattern(scope, try parsePattern())
    }

    private mutating func parseScope() throws(RuleParseError) -> RuleScope {
        let scope: RuleScope
        switch current.kind == .name ? current.text : "" {
        case "globally":
            position += 1
            _ = accept(symbol: ":")
            return .globally
        case "before":
            position += 1
            scope = .before(try parseEvents())
        case "after":
            position += 1
            let opener = try parseEvents()
            scope = accept(name: "until") ? .afterUntil(opener, until: try parseEvents()) : .after(opener)
        case "between":
            position += 1
            let opener = try parseEvents()
            try expect(name: "and")
            scope = .between(opener, and: try parseEvents())
        default:
            return .globally
        }
        guard accept(symbol: ":") else { throw expected("':' after the scope") }
        return scope
    }

    private mutating func parsePattern() throws(RuleParseError) -> RulePattern {
        let start = current
        switch start.kind == .name ? start.text : "" {
        case "never":
            position += 1
            let forbidden = try parseEvents()
            if accept(name: "within") {
                let duration = try parseDuration()
                try expect(name: "after")
                return .boundedInvariance(trigger: try parseEvents(), forbidden: forbidden, within: duration)
            }
            return .absence(forbidden)
        case "only":
            position += 1
            return .universality(try parseEvents())
        case "eventually":
            position += 1
            return .existence(try parseEvents())
        case "at":
            position += 1
            let bound: RulePattern.Bound
            if accept(name: "most") {
                bound = .atMost
            } else if accept(name: "least") {
                bound = .atLeast
            } else {
                throw expected("'most' or 'least' after 'at'")
            }
            let count = try parseCount()
            return .boundedExistence(try parseEvents(), bound, count)
        case "exactly":
            position += 1
            let count = try parseCount()
            return .boundedExistence(try parseEvents(), .exactly, count)
        default:
            break
        }
        let first = try parseEvents()
        if accept(name: "then") {
            let second = try parseEvents()
            if accept(name: "precedes") { return .chainPrecedenceCauses(first, second, try parseEvents()) }
            if accept(name: "leads") {
                try expect(name: "to")
                return .chainResponseCauses(first, second, try parseEvents())
            }
            throw expected("'precedes' or 'leads to' after 'A then B'")
        }
        if accept(name: "precedes") {
            let second = try parseEvents()
            if accept(name: "then") { return .chainPrecedenceEffects(first, second, try parseEvents()) }
            return .precedence(first, second)
        }
        if accept(name: "leads") {
            try expect(name: "to")
            let second = try parseEvents()
            if accept(name: "then") { return .chainResponseEffects(first, second, try parseEvents()) }
            if accept(name: "within") {
                return .boundedResponse(trigger: first, response: second, within: try parseDuration())
            }
            return .response(first, second)
        }
        if accept(name: "responds") {
            try expect(name: "to")
            return .response(try parseEvents(), first)
        }
        if accept(name: "within") {
            let duration = try parseDuration()
            try expect(name: "after")
            return .boundedResponse(trigger: try parseEvents(), response: first, within: duration)
        }
        if accept(name: "lasts") {
            try expect(name: "at")
            if accept(name: "most") { return .maximumDuration(first, try parseDuration()) }
            if accept(name: "least") { return .minimumDuration(first, try parseDuration()) }
            throw expected("'most' or 'least' after 'lasts at'")
        }
        throw expected("'precedes', 'leads to', 'responds to', 'then', 'within' or 'lasts'")
    }

    private mutating func parseCount() throws(RuleParseError) -> Int {
        guard current.kind == .number, let count = Int(current.text), count >= 0 else {
            throw expected("a count (0, 1, 2, ...)")
        }
        position += 1
        return count
    }

    /// `2s`, `500ms`, `1.5s`, `40us`, `100ns`, `2min`.
    ///
    /// Exact decimal arithmetic, not `Double`: a duration must be a whole,
    /// positive number of nanoseconds that fits in `Int64` (the trace's clock),
    /// and a rules file may hold any number, so `9300000000s` and `0.1ns` are
    /// located errors rather than a trap or a silent zero.
    private mutating func parseDuration() throws(RuleParseError) -> RuleDuration {
        let token = current
        guard token.kind == .number else { throw expected("a duration such as '2s' or '500ms'") }
        let digits = token.text.prefix { ("0"..."9").contains($0) || $0 == "." }
        let unit = token.text.dropFirst(digits.count)
        let scale: Int64
        switch unit {
        case "ns": scale = 1
        case "us": scale = 1_000
        case "ms": scale = 1_000_000
        case "s": scale = 1_000_000_000
        case "min", "m": scale = 60_000_000_000
        case "": throw fail(.invalidValue, "duration '\(token.text)' needs a unit (ns, us, ms, s, min)")
        default: throw fail(.unknownName, "unknown duration unit '\(unit)' (expected ns, us, ms, s or min)")
        }
        switch RuleDuration.nanoseconds(decimal: digits, scale: scale) {
        case .malformed:
            throw fail(.invalidValue, "invalid duration '\(token.text)' (expected a number and a unit, such as '1.5s')")
        case .tooLong:
            throw fail(.invalidValue, "duration '\(token.text)' is too long (it must be shorter than \(Int64.max)ns, about 292 years)")
        case .exact(let nanoseconds) where nanoseconds == 0:
            guard digits.contains(where: { $0 != "0" && $0 != "." }) else {
                throw fail(.invalidValue, "a duration must be greater than zero")
            }
            throw fail(.invalidValue, "duration '\(token.text)' rounds to 0ns (the trace clock counts whole nanoseconds)")
        case .exact(let nanoseconds):
            position += 1
            return RuleDuration(nanoseconds: nanoseconds)
        }
    }

    // MARK: - Events

    /// `EVENT ('|' EVENT)*`, optionally in parentheses.
    ///
    /// Parentheses are counted rather than parsed by recursion: they only group, and a
    /// rules file comes from a pull request, so `((((…x…))))` nested a hundred thousand
    /// deep must be an ordinary file, not a stack overflow.
    private mutating func parseEvents() throws(RuleParseError) -> EventPattern {
        var open = 0
        while accept(symbol: "(") { open += 1 }
        var alternatives = [try parseEvent()]
        while accept(symbol: "|") { alternatives.append(try parseEvent()) }
        for _ in 0..<open { try expect(symbol: ")") }
        return EventPattern(alternatives)
    }

    /// `NAME ['[' CONDITION (',' CONDITION)* ']']`.
    private mutating func parseEvent() throws(RuleParseError) -> EventPattern.Alternative {
        let token = current
        let name: EventName
        switch token.kind {
        case .string:
            name = EventName(token.text)
        case .name:
            name = try resolve(token)
        default:
            throw expected("an event name")
        }
        position += 1
        var conditions: [EventCondition] = []
        if accept(symbol: "[") {
            repeat {
                let field = current
                guard field.kind == .name || field.kind == .string else { throw expected("an attribute name") }
                if field.kind == .name, field.text == EventCondition.attributePrefix {
                    throw fail(.unexpectedToken, "expected an attribute name after 'attrs.'", at: field.location)
                }
                position += 1
                if current.kind == .symbol, current.text == "," || current.text == "]" {
                    // A bare field: the event has it (`configurationForConnecting[session]`).
                    conditions.append(
                        EventCondition(
                            field: field.text, comparison: .present, value: .bool(true), location: field.location))
                    continue
                }
                let comparison = try parseComparison()
                let valueToken = current
                let value = try parseValue()
                if field.text == "phase", value.phaseValue == nil {
                    throw fail(.unknownName, "unknown phase \(valueToken.quoted) (expected begin, end or instant)", at: valueToken.location)
                }
                conditions.append(
                    EventCondition(field: field.text, comparison: comparison, value: value, location: field.location))
            } while accept(symbol: ",")
            try expect(symbol: "]")
        }
        return EventPattern.Alternative(name: name, conditions: conditions, location: token.location)
    }

    /// A bare word is a catalog callback (any alias) or, when it contains a dot, an app event.
    private func resolve(_ token: RuleToken) throws(RuleParseError) -> EventName {
        if let callback = Callback(named: token.text) { return EventName(callback) }
        if token.text.contains(".") { return EventName(token.text) }
        let candidates = Callback.allCases.flatMap { [String(describing: $0)] + $0.aliases }
        let hint = EditDistance.nearest(to: token.text, in: candidates, preferringExtensions: false).map { "; did you mean '\($0)'?" } ?? ""
        throw fail(
            .unknownName,
            "unknown callback '\(token.text)'\(hint) (app-defined events contain a dot, like 'db.open', or are quoted)")
    }

    // MARK: - Machines

    /// Collects `initial` and transitions of a `machine` block.
    private struct MachineBuilder {
        var initial: String?
        var transitions: [StateMachine.Transition] = []

        func build(id: String, at location: SourceLocation) throws(RuleParseError) -> StateMachine {
            guard !transitions.isEmpty else {
                throw RuleParseError(.invalidDefinition, at: location, "machine '\(id)' has no transitions")
            }
            let start = initial ?? transitions.first { !$0.from.isEmpty }?.from[0] ?? transitions[0].to
            return StateMachine(initial: start, transitions: transitions)
        }
    }

    /// `initial STATE` or `(STATE (',' STATE)* | '*') '->' STATE 'on' EVENTS`.
    private mutating func parseMachineItem(into machine: inout MachineBuilder) throws(RuleParseError) {
        let start = current
        if accept(name: "initial") {
            guard current.kind == .name else { throw expected("a state name") }
            if machine.initial != nil { throw fail(.duplicateClause, "initial state given twice", at: start.location) }
            machine.initial = advance().text
            return
        }
        var from: [String] = []
        if !accept(symbol: "*") {
            repeat {
                guard current.kind == .name else {
                    throw expected("a state name, '*', 'initial' or a clause (severity, message, reference, per, when)")
                }
                from.append(advance().text)
            } while accept(symbol: ",")
        }
        try expect(symbol: "->")
        guard current.kind == .name else { throw expected("a state name after '->'") }
        let to = advance().text
        try expect(name: "on")
        let events = try parseEvents()
        var transition = StateMachine.Transition(from: from, to: to, on: events, location: start.location)
        if accept(symbol: "{") { try parseTransitionClauses(into: &transition, opened: start.location) }
        machine.transitions.append(transition)
    }

    /// `severity S`, `message "…"`, `reference "…"`, `reported by RULE` up to the transition's `}`.
    private mutating func parseTransitionClauses(
        into transition: inout StateMachine.Transition, opened: SourceLocation
    ) throws(RuleParseError) {
        while !accept(symbol: "}") {
            let keyword = current
            guard keyword.kind == .name else {
                if keyword.kind == .end { throw fail(.unexpectedToken, "expected '}' to close the transition opened at \(opened)") }
                throw expected("'severity', 'message', 'reference' or 'reported by'")
            }
            position += 1
            switch keyword.text {
            case "severity":
                guard current.kind == .name, let severity = Severity(rawValue: current.text) else {
                    throw expected("'error', 'warning' or 'info'")
                }
                position += 1
                if transition.severity != nil { throw fail(.duplicateClause, "severity given twice", at: keyword.location) }
                transition.severity = severity
            case "message", "reference":
                guard current.kind == .string else { throw expected("a quoted string") }
                let text = advance().text
                if keyword.text == "message" {
                    if transition.message != nil { throw fail(.duplicateClause, "message given twice", at: keyword.location) }
                    transition.message = text
                } else {
                    if transition.reference != nil { throw fail(.duplicateClause, "reference given twice", at: keyword.location) }
                    transition.reference = text
                }
            case "reported":
                try expect(name: "by")
                guard current.kind == .name else { throw expected("a rule id after 'reported by'") }
                if transition.reportedBy != nil { throw fail(.duplicateClause, "'reported by' given twice", at: keyword.location) }
                transition.reportedBy = advance().text
            default:
                position -= 1
                throw expected("'severity', 'message', 'reference' or 'reported by'")
            }
        }
        if transition.severity != nil && transition.reportedBy != nil {
            throw fail(
                .invalidDefinition,
                "a transition is either reported by the machine (severity) or by another rule (reported by), not both",
                at: opened)
        }
        if transition.message != nil && transition.severity == nil {
            throw fail(.invalidDefinition, "a transition's message is shown only when the transition has a severity", at: opened)
        }
    }
}

extension ConditionValue {
    /// The phase a `phase = …` condition names.
    var phaseValue: Phase? {
        if case .string(let text) = self { return Phase(rawValue: text) }
        return nil
    }
}
