/// What reading one line of input gave.
package enum LineInput: Equatable, Sendable {
    /// A line, without its line terminator.
    case line(String)
    /// Ctrl-C at the prompt: drop what was typed so far.
    case interrupt
    /// Ctrl-D, or the end of a script.
    case end
}
