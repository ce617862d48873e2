import Foundation

/// Prints a line to standard error.
func printError(_ line: String) {
    writeError(line + "\n")
}

/// Writes text to standard error as is.
func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
}
