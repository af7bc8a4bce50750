import Kiosk
import ConfigLoading
import Glibc

/// Bytes appended at the back and consumed from the front, as a socket's input and output are.
///
/// Consuming only moves an offset; the consumed head is dropped when it is at least half the storage,
/// so each byte is moved a bounded number of times however the queue is used (removing from the front
/// of an array moves everything behind it, every time: a long queue consumed a reply at a time became
/// quadratic).
struct ByteQueue {
    private var storage: [UInt8] = []
    private var head = 0
    /// A consumed head shorter than this is left in place until the queue empties.
    private static let compactionMinimum = 4096
    /// Storage up to this size is kept for reuse once the queue empties; a bigger one is freed.
    private static let keptCapacity = 64 * 1024

    /// The bytes not yet consumed.
    var count: Int { storage.count - head }
    var isEmpty: Bool { head == storage.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        storage.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    mutating func append(_ bytes: [UInt8]) { storage.append(contentsOf: bytes) }

    /// Consumes the first `n` bytes (at most `count`).
    mutating func removeFirst(_ n: Int) {
        head += min(n, count)
        if head == storage.count {
            storage.removeAll(keepingCapacity: storage.capacity <= ByteQueue.keptCapacity)
            head = 0
        } else if head >= ByteQueue.compactionMinimum && head * 2 >= storage.count {
            storage.removeSubrange(0..<head)
            head = 0
        }
    }

    /// The offset (from the first unconsumed byte) of the first `byte` at or after `offset`.
    func firstIndex(of byte: UInt8, from offset: Int) -> Int? {
        guard offset < count else { return nil }
        return storage.withUnsafeBytes { raw -> Int? in
            let start = raw.baseAddress! + head + offset
            guard let found = memchr(start, Int32(byte), count - offset) else { return nil }
            return offset + (UnsafeRawPointer(found) - UnsafeRawPointer(start))
        }
    }

    /// How many times `byte` occurs in the first `n` bytes.
    func occurrences(of byte: UInt8, inFirst n: Int) -> Int {
        storage.withUnsafeBufferPointer { buffer in
            var found = 0
            for i in head..<(head + min(n, count)) where buffer[i] == byte { found += 1 }
            return found
        }
    }

    /// A copy of the first `n` bytes.
    func prefix(_ n: Int) -> [UInt8] { Array(storage[head..<(head + min(n, count))]) }

    /// Calls `body` with the unconsumed bytes.
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[head...])) }
    }
}
