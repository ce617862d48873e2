#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes ``TraceFollower`` when something in a directory changes: an inotify watch on Linux
/// (a file written, truncated, created, renamed or deleted there). Where inotify is not available,
/// or the directory does not exist yet, ``isWatching`` is false and the follower polls. Setting
/// `LIFELINE_WATCH_POLL` in the environment makes it poll on Linux too (as on macOS), to compare.
final class DirectoryWatcher {
    private let directory: String
    /// The inotify descriptor, -1 where there is none.
    private(set) var descriptor: Int32 = -1
    private var watch: Int32 = -1

    init?(directory: String) {
        self.directory = directory.isEmpty ? "." : directory
        #if os(Linux)
        if getenv("LIFELINE_WATCH_POLL") != nil { return nil }
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        if descriptor < 0 { return nil }
        retry()
        #else
        return nil
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether changes wake the follower (the directory is watched).
    var isWatching: Bool { watch >= 0 }

    /// Adds the watch if it is not there yet (the directory did not exist).
    func retry() {
        #if os(Linux)
        guard descriptor >= 0, watch < 0 else { return }
        let mask =
            UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE)
            | UInt32(IN_ATTRIB) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        watch = inotify_add_watch(descriptor, directory, mask)
        #endif
    }

    /// Reads the pending notifications; which file changed does not matter, the follower looks.
    func drain() {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
        }
        // The directory itself went away: watch it again once it is back.
        if access(directory, F_OK) != 0 {
            _ = inotify_rm_watch(descriptor, watch)
            watch = -1
        }
        #endif
    }
}
