import Foundation

/// A rule's `reference` as a person reads it: its words, with each http(s) URL in them found.
///
/// A reference is free text: a URL with a note after it, a forum thread's number, "Xcode template
/// … comment", several sources in one line. Only a real URL can be a link, and only the URL itself:
/// a report that made the whole text a link's target sent its reader to a page that does not exist.
///
/// ```swift
/// Citation("https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence step 6").parts
/// // [.link("https://developer.apple.com/documentation/uikit/about-the-app-launch-sequence"), .text(" step 6")]
/// ```
public struct Citation: Sendable, Hashable, CustomStringConvertible {
    /// A run of the reference's text, or a URL in it.
    public enum Part: Sendable, Hashable {
        case text(String)
        /// An `http://` or `https://` URL, without the punctuation that ends the sentence around it.
        case link(String)
    }

    public var parts: [Part]

    /// Splits `reference` into text and the URLs in it.
    ///
    /// A URL starts with `http://` or `https://` (in any case) at the start of the text or after a space
    /// or an opening bracket or quote, and runs to the next space, quote or angle bracket. Punctuation that
    /// ends it (`.`, `,`, `;`, `:`, `!`, `?`) belongs to the sentence, and so does a closing parenthesis
    /// the URL did not open (`(see https://a.example/b)`), while Apple's
    /// `…/scene(_:willconnectto:options:)` keeps its own.
    public init(_ reference: String) {
        var parts: [Part] = []
        var text = ""
        var rest = Substring(reference)
        while !rest.isEmpty {
            if Self.startsURL(rest), text.last.map(Self.canPrecedeURL) ?? true, let url = Self.url(at: rest) {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(.link(String(url)))
                rest = rest[url.endIndex...]
            } else {
                text.append(rest.removeFirst())
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// The URLs, in order.
    public var links: [String] {
        parts.compactMap { if case .link(let url) = $0 { url } else { nil } }
    }

    /// The reference's text, URLs included.
    public var description: String {
        parts.map {
            switch $0 {
            case .text(let text), .link(let text): text
            }
        }.joined()
    }

    private static func startsURL(_ text: Substring) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    private static func canPrecedeURL(_ character: Character) -> Bool {
        character.isWhitespace || "([{<\"'".contains(character)
    }

    /// The URL at the start of `text`, without the sentence's punctuation after it; nil for a scheme
    /// with nothing after it.
    private static func url(at text: Substring) -> Substring? {
        var url = text.prefix { !$0.isWhitespace && !"\"'<>`".contains($0) }
        while let last = url.last {
            if ".,;:!?".contains(last) {
                url.removeLast()
            } else if last == ")", url.filter({ $0 == ")" }).count > url.filter({ $0 == "(" }).count {
                url.removeLast()
            } else {
                break
            }
        }
        return url.drop { $0 != "/" }.dropFirst(2).isEmpty ? nil : url
    }
}

// MARK: - Evidence IDs

extension Citation {
    /// A reference of `rule` (its own, or one of its state machine's transitions'), as a person reads it.
    ///
    /// The built-in catalogs cite the IDs of their evidence in Lifeline's research notes,
    /// docs/research/uikit-lifecycle.md, in parentheses: `… prewarm logs SO 71025205 (E2)`, `(W3, A4)`,
    /// `(SO 63520008, N1)`. They are how the catalogs and the notes find each other, but a reader of a
    /// finding cannot follow `(E2)` anywhere: the sources around them are the citation. So a built-in
    /// rule's IDs are left out here; the rule's `reference` keeps them, for the machine formats and
    /// `lifeline rules --verbose`. A rules file's reference is shown as written: its parentheses are its
    /// author's.
    public init(_ reference: String, of rule: Rule) {
        let builtin = BuiltinCatalog.allCases.contains { $0.file == rule.file }
        self.init(builtin ? Self.withoutEvidenceIDs(reference) : reference)
    }

    /// The reference without the evidence IDs in its parentheses (a letter of E, W, N, M or A and a
    /// number): `x (E2)` is `x`, `x (SO 63520008, N1); y` is `x (SO 63520008); y`; parentheses that
    /// hold no ID are left as written.
    static func withoutEvidenceIDs(_ reference: String) -> String {
        var result = ""
        var rest = Substring(reference)
        while let open = rest.firstIndex(of: "(") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == ")" || $0 == "(" }), rest[close] == ")" else {
                result += rest[...open]
                rest = rest[afterOpen...]
                continue
            }
            let items = rest[afterOpen..<close].split(separator: ",", omittingEmptySubsequences: false)
            let kept = items.filter { !isEvidenceID($0.trimmingCharacters(in: .whitespaces)) }
            if kept.count == items.count {
                result += rest[...close]
            } else if kept.isEmpty {
                result += rest[..<open]
                while result.last == " " { result.removeLast() }
            } else {
                result += rest[..<open] + "(" + kept.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ") + ")"
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    private static func isEvidenceID(_ text: String) -> Bool {
        guard let letter = text.first, "EWNMA".contains(letter) else { return false }
        let number = text.dropFirst()
        return (1...2).contains(number.count) && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
