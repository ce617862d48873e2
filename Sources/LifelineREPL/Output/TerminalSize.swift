#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The width of the terminal the shell prints to.
enum TerminalSize {
    /// Columns of the terminal on `fileDescriptor` (`TIOCGWINSZ`), else `COLUMNS`, else nil (no limit).
    static func columns(of fileDescriptor: Int32, environment: [String: String]) -> Int? {
        if isatty(fileDescriptor) != 0 {
            var size = winsize()
            if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return nil
    }
}
