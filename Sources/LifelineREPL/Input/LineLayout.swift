import LifelineTerminal

/// Where a line being edited lies on the screen, as readline draws it: the prompt, then the line,
/// wrapped at the terminal's width, a character that does not fit at the end of a row starting
/// the next one, a control character shown as two columns (`^A`).
///
/// Used when Ctrl-C abandons a line: the library draws `^C` where the cursor is, which may be
/// rows above the line's end (after Home on a long line), and the next prompt must start below
/// the whole line, not over its rest. GNU readline, handling the signal itself, moves to its
/// last row the same way (`_rl_clean_up_for_exit`); the REPL handles Ctrl-C for both libraries.
struct LineLayout {
    /// Columns of the prompt, then of each character of the line, with its offset in bytes.
    private let prompt: Int
    private let characters: [(offset: Int, width: Int)]
    private let lineBytes: Int
    private let columns: Int

    init(prompt: String, line: String, columns: Int) {
        self.prompt = TerminalText.width(prompt)
        var offset = 0
        var characters: [(offset: Int, width: Int)] = []
        for character in line {
            let isControl = character.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F } ?? false
            characters.append((offset, isControl ? 2 : TerminalText.width(of: character)))
            offset += character.utf8.count
        }
        self.characters = characters
        lineBytes = offset
        self.columns = max(columns, 1)
    }

    /// The column, counted from the start of the prompt's row, at which the character at byte
    /// `offset` is drawn (or the line's end, past its last character).
    func position(ofByte offset: Int) -> Int {
        var position = prompt
        for character in characters {
            if character.offset >= offset { return wrapped(position, width: character.width) }
            position = wrapped(position, width: character.width) + character.width
        }
        return position
    }

    /// How many rows to move down from the cursor, at byte `cursor`, after `echoed` columns were
    /// drawn there, to reach the line's last row (0 when the cursor is on it).
    func rowsBelow(cursor: Int, echoed: Int) -> Int {
        // After the echo the cursor is at `position + echoed`; a row just filled keeps the cursor on
        // it until something more is written (the terminal's pending wrap), hence the `- 1`.
        let cursorRow = max(position(ofByte: cursor) + echoed - 1, 0) / columns
        let end = position(ofByte: lineBytes)
        let lastRow = max(end - 1, 0) / columns
        return max(lastRow - cursorRow, 0)
    }

    /// A character `width` columns wide at `position` starts the next row when it does not fit.
    private func wrapped(_ position: Int, width: Int) -> Int {
        let column = position % columns
        return column + width > columns && column > 0 ? position + columns - column : position
    }
}
