import Foundation
import LifelineFormat

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads what `lifeline watch` watches, as it arrives: standard input until EOF, or a trace file
/// followed as it grows (docs/rules.md#live).
///
/// A file that does not exist yet is waited for. When it is truncated (shorter than what was read)
/// it is read again from its start; when another file takes its path (renamed over it, deleted and
/// created again) the old one is read to its end and the new one from its start; when the
/// recorder's next part appears (`name.2.ndjson` after `name.ndjson`, see docs/recorder.md) the
/// current part is read to its end and the next one followed. On Linux an inotify watch on the
/// file's directory wakes the reader as soon as the file changes; elsewhere (macOS) the file is
/// looked at every ``pollInterval`` milliseconds. Neither is a busy loop: the reader sleeps in
/// `poll(2)` between changes, and wakes at once for ``WatchInterrupt``'s descriptor.
package final class TraceFollower {
    /// What the follower reads.
    package enum Input: Sendable, Hashable {
        case file(String)
        case standardInput
    }

    /// A change of the file being followed, reported before the bytes that follow it.
    package enum Change: Sendable, Hashable {
        /// The file does not exist yet.
        case waiting(String)
        /// The file appeared (after ``waiting(_:)``).
        case appeared(String)
        /// The file became shorter than what was read: it is read again from its start.
        case truncated(String)
        /// Another file took the path: it is read from its start.
        case replaced(String)
        /// The recorder continued in its next part, which is read from its start.
        case continued(String)
    }

    /// Why reading stopped.
    package enum Ending: Sendable, Hashable {
        /// Standard input reached its end.
        case endOfInput
        /// ``WatchInterrupt``'s descriptor woke the reader.
        case interrupted
        /// The input cannot be read.
        case failed(Diagnostic)
    }

    /// Milliseconds between looks at a file where inotify is not available.
    package static let pollInterval: Int32 = 20

    private let input: Input
    private let wake: Int32

    /// A follower of `input` that stops when `wake` becomes readable.
    package init(_ input: Input, wake: Int32) {
        self.input = input
        self.wake = wake
    }

    /// Reads until the input ends or the wake descriptor fires. `bytes` gets what was read, with
    /// the file it came from; `change` is told of every change of the followed file before its bytes.
    package func run(bytes: (UnsafeRawBufferPointer, String) -> Void, change: (Change) -> Void) -> Ending {
        switch input {
        case .standardInput: return readStream(STDIN_FILENO, label: "-", bytes: bytes)
        case .file(let path): return follow(path, bytes: bytes, change: change)
        }
    }

    // MARK: - Standard input

    private func readStream(_ descriptor: Int32, label: String, bytes: (UnsafeRawBufferPointer, String) -> Void) -> Ending {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .failed(Diagnostic(.error, file: label, "cannot wait for input: \(Self.reason(errno))"))
            }
            if descriptors[1].revents != 0 { return .interrupted }
            if descriptors[0].revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(Diagnostic(.error, file: label, "cannot read: \(Self.reason(errno))"))
            }
            if count == 0 { return .endOfInput }
            buffer.withUnsafeBytes { bytes(UnsafeRawBufferPointer(rebasing: $0[0..<count]), label) }
        }
    }

    // MARK: - A file

    /// The open file being followed.
    private struct OpenFile {
        var descriptor: Int32
        var path: String
        var device: UInt64
        var inode: UInt64
        var offset: Int64 = 0
        var part: Int64
    }

    private func follow(_ path: String, bytes: (UnsafeRawBufferPointer, String) -> Void, change: (Change) -> Void) -> Ending {
        let watcher = DirectoryWatcher(directory: (path as NSString).deletingLastPathComponent)
        var file: OpenFile?
        var waited = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var pendingChange: Change?
        defer { if let file { close(file.descriptor) } }
        while true {
            if file == nil {
                let target = path
                let descriptor = open(target, O_RDONLY | O_CLOEXEC)
                if descriptor >= 0 {
                    var status = stat()
                    guard fstat(descriptor, &status) == 0 else {
                        close(descriptor)
                        return .failed(Diagnostic(.error, file: target, "cannot read: \(Self.reason(errno))"))
                    }
                    if (status.st_mode & S_IFMT) == S_IFDIR {
                        close(descriptor)
                        return .failed(Diagnostic(.error, file: target, "is a directory; watch follows one trace file"))
                    }
                    file = OpenFile(
                        descriptor: descriptor, path: target, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), part: 1)
                    if let pending = pendingChange {
                        change(pending)
                        pendingChange = nil
                    } else if waited {
                        change(.appeared(target))
                    }
                } else if errno == ENOENT || errno == ENOTDIR {
                    if !waited {
                        waited = true
                        change(.waiting(target))
                    }
                } else {
                    return .failed(Diagnostic(.error, file: target, "cannot open: \(Self.reason(errno))"))
                }
            }
            if var current = file {
                if let failure = drain(&current, &buffer, bytes) { return failure }
                file = current
                switch look(at: current, basePath: path) {
                case .same:
                    break
                case .truncated:
                    _ = lseek(current.descriptor, 0, SEEK_SET)
                    current.offset = 0
                    file = current
                    change(.truncated(current.path))
                    continue
                case .replaced:
                    // What the old file still held was read above; the new one is read from its start.
                    close(current.descriptor)
                    file = nil
                    pendingChange = .replaced(current.path)
                    continue
                case .nextPart(let next):
                    if let failure = drain(&current, &buffer, bytes) { return failure }
                    close(current.descriptor)
                    file = nil
                    let descriptor = open(next, O_RDONLY | O_CLOEXEC)
                    var status = stat()
                    guard descriptor >= 0, fstat(descriptor, &status) == 0 else {
                        if descriptor >= 0 { close(descriptor) }
                        return .failed(Diagnostic(.error, file: next, "cannot open: \(Self.reason(errno))"))
                    }
                    file = OpenFile(
                        descriptor: descriptor, path: next, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
                        part: current.part + 1)
                    change(.continued(next))
                    continue
                }
            }
            // Nothing new: sleep until the directory changes, the interval passes, or the wake descriptor fires.
            var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if let watcher, watcher.isWatching { descriptors.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)) }
            let timeout = descriptors.count > 1 ? 250 : Self.pollInterval
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0, errno != EINTR {
                return .failed(Diagnostic(.error, file: path, "cannot wait for the file: \(Self.reason(errno))"))
            }
            if descriptors[0].revents != 0 { return .interrupted }
            if descriptors.count > 1, descriptors[1].revents != 0 { watcher?.drain() }
            watcher?.retry()
        }
    }

    /// Reads what the file holds past what was read.
    private func drain(
        _ file: inout OpenFile, _ buffer: inout [UInt8], _ bytes: (UnsafeRawBufferPointer, String) -> Void
    ) -> Ending? {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(Diagnostic(.error, file: file.path, "cannot read: \(Self.reason(errno))"))
            }
            if count == 0 { return nil }
            file.offset += Int64(count)
            let path = file.path
            buffer.withUnsafeBytes { bytes(UnsafeRawBufferPointer(rebasing: $0[0..<count]), path) }
        }
    }

    private enum Look {
        case same, truncated, replaced
        case nextPart(String)
    }

    /// What became of the file at its end: the same, shorter, another file at its path, or continued in the next part.
    private func look(at file: OpenFile, basePath: String) -> Look {
        var status = stat()
        if fstat(file.descriptor, &status) == 0, Int64(status.st_size) < file.offset { return .truncated }
        var atPath = stat()
        if stat(file.path, &atPath) == 0, UInt64(atPath.st_dev) != file.device || UInt64(atPath.st_ino) != file.inode {
            return .replaced
        }
        let next = Self.partPath(basePath, part: file.part + 1)
        if access(next, F_OK) == 0 { return .nextPart(next) }
        return .same
    }

    /// `dir/name.ndjson` → `dir/name.2.ndjson`, as the recorder names its parts.
    package static func partPath(_ first: String, part: Int64) -> String {
        let slash = first.lastIndex(of: "/")
        let nameStart = slash.map { first.index(after: $0) } ?? first.startIndex
        if let dot = first[nameStart...].lastIndex(of: "."), dot > nameStart {
            return "\(first[..<dot]).\(part)\(first[dot...])"
        }
        return "\(first).\(part)"
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)).lowercased() }
}
