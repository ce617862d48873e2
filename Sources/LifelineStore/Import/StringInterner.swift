import Foundation
import GRDB
import GRDBSQLite
import LifelineFormat

/// Gives each string an event refers to (name, session, scene, thread) its
/// `string.id`, inserting the strings the database does not hold yet.
///
/// Lookups go through an in-memory table keyed by the bytes, so a string costs
/// the database one query the first time an import meets it and nothing after.
/// The table holds at most `capacity` strings and starts over when full: memory
/// stays flat however many distinct sessions a trace has. Use one interner per
/// transaction: ids it remembers from a rolled-back transaction would be wrong.
///
/// A noncopyable struct the importer owns, not a class: lookups run per event,
/// and a class's stored properties cost a dynamic exclusivity check per access.
struct StringInterner: ~Copyable {
    /// Strings remembered before starting over, unless told otherwise.
    static let defaultCapacity = 1 << 16

    private let select: Statement
    private let insert: Statement
    private let db: Database
    /// `string.id` per catalog callback (indexed by raw value), 0 until looked up.
    private var callbacks: [Int64]
    private var table: ByteTable

    /// The capacity for a file of `bytes` bytes (nil: unknown): ``defaultCapacity``, or, for a small
    /// file, room for as many strings as it can name. Its table costs a few megabytes to set up, most of
    /// the cost of importing a small file (a fuzzer imports hundreds a second); a table that fills up
    /// starts over, so a low guess costs lookups, never correctness.
    static func capacity(forBytes bytes: Int?) -> Int {
        // An event line, at least 16 bytes, names at most four strings (name, session, scene, thread).
        guard let bytes else { return defaultCapacity }
        return min(defaultCapacity, max(bytes, 0) / 4 + 64)
    }

    init(_ db: Database, capacity: Int = StringInterner.defaultCapacity) throws {
        let select = try db.makeStatement(sql: "SELECT id FROM string WHERE value = ?")
        let insert = try db.makeStatement(sql: "INSERT INTO string (value) VALUES (?)")
        self.db = db
        self.select = select
        self.insert = insert
        callbacks = [Int64](repeating: 0, count: Callback.allCases.count)
        table = ByteTable(capacity: capacity)
    }

    /// The id of a catalog callback's canonical name.
    @inline(__always)
    mutating func id(of callback: Callback) throws -> Int64 {
        let id = callbacks[Int(callback.rawValue)]
        if id != 0 { return id }
        let name = CanonicalNames.shared.bytes(of: callback)
        let found = try self.id(of: UnsafeRawBufferPointer(name))
        callbacks[Int(callback.rawValue)] = found
        return found
    }

    /// The id of a string given as UTF-8 bytes.
    @inline(__always)
    mutating func id(of bytes: UnsafeRawBufferPointer) throws -> Int64 {
        let hash = ByteTable.hash(bytes)
        if let id = table.find(bytes, hash: hash) { return id }
        let id = try fetchOrInsert(bytes)
        table.add(bytes, hash: hash, id: id)
        return id
    }

    private func fetchOrInsert(_ bytes: UnsafeRawBufferPointer) throws -> Int64 {
        let pointer = bytes.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? CanonicalNames.shared.empty
        let query = select.sqliteStatement
        sqlite3_bind_text(query, 1, pointer, Int32(bytes.count), nil)
        defer { sqlite3_reset(query) }
        switch sqlite3_step(query) {
        case SQLITE_ROW: return sqlite3_column_int64(query, 0)
        case SQLITE_DONE: break
        case let status: throw error(status)
        }
        let statement = insert.sqliteStatement
        sqlite3_bind_text(statement, 1, pointer, Int32(bytes.count), nil)
        let status = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard status == SQLITE_DONE else { throw error(status) }
        return db.lastInsertedRowID
    }

    private func error(_ status: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: status), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}

/// An open-addressing hash table from byte strings to ids, in memory it allocates once.
///
/// Keys are copied into an arena; `find` compares bytes, so it allocates nothing.
/// When `capacity` keys or ``arenaLimit`` bytes are in, `add` empties it first.
struct ByteTable: ~Copyable {
    /// Bytes of keys held at most; a key longer than a sixteenth of this is not remembered.
    static let arenaLimit = 4 << 20

    private struct Entry {
        var hash: UInt64
        var start: Int
        var count: Int
        var id: Int64
    }

    private let capacity: Int
    private let mask: Int
    /// Entry index + 1 per slot; 0 is empty. Twice as many slots as entries.
    private let slots: UnsafeMutablePointer<Int32>
    private let entries: UnsafeMutablePointer<Entry>
    private var count = 0
    private var arena: UnsafeMutableRawPointer
    private var arenaCapacity: Int
    private var arenaUsed = 0

    init(capacity: Int) {
        self.capacity = capacity
        var slotCount = 1
        while slotCount < capacity * 2 { slotCount <<= 1 }
        mask = slotCount - 1
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        entries = .allocate(capacity: capacity)
        arenaCapacity = 1 << 16
        arena = .allocate(byteCount: arenaCapacity, alignment: 8)
    }

    deinit {
        slots.deallocate()
        entries.deallocate()
        arena.deallocate()
    }

    /// FxHash over 8-byte words: fast on the 10–60-byte names and identifiers traces repeat.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let seed: UInt64 = 0x517C_C1B7_2722_0A95
        var hash = UInt64(truncatingIfNeeded: bytes.count) &* seed
        guard let base = bytes.baseAddress else { return hash }
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (((hash << 5) | (hash >> 59)) ^ word) &* seed
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail = tail << 8 | UInt64(base.load(fromByteOffset: index, as: UInt8.self)) }
            hash = (((hash << 5) | (hash >> 59)) ^ tail) &* seed
        }
        return hash ^ (hash >> 29)
    }

    @inline(__always)
    func find(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int64? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index == 0 { return nil }
            let entry = entries[index - 1]
            if entry.hash == hash, entry.count == bytes.count,
                entry.count == 0 || memcmp(arena + entry.start, bytes.baseAddress!, entry.count) == 0
            {
                return entry.id
            }
            slot = (slot + 1) & mask
        }
    }

    /// Adds a key that `find` did not find.
    mutating func add(_ bytes: UnsafeRawBufferPointer, hash: UInt64, id: Int64) {
        guard bytes.count <= Self.arenaLimit / 16 else { return }
        if count == capacity || arenaUsed + bytes.count > Self.arenaLimit { removeAll() }
        if arenaUsed + bytes.count > arenaCapacity {
            var grown = arenaCapacity * 2
            while arenaUsed + bytes.count > grown { grown *= 2 }
            grown = min(grown, Self.arenaLimit)
            let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
            larger.copyMemory(from: arena, byteCount: arenaUsed)
            arena.deallocate()
            arena = larger
            arenaCapacity = grown
        }
        if let base = bytes.baseAddress { (arena + arenaUsed).copyMemory(from: base, byteCount: bytes.count) }
        entries[count] = Entry(hash: hash, start: arenaUsed, count: bytes.count, id: id)
        arenaUsed += bytes.count
        count += 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(count)
    }

    private mutating func removeAll() {
        slots.update(repeating: 0, count: mask + 1)
        count = 0
        arenaUsed = 0
    }
}
