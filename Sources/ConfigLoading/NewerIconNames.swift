/// The names of the newest Material Design Icons release the project knows (`release`, the one
/// scripts/package ships), kept in the binary without its font: so a config checked against an older
/// font (Debian's 1.6) can say that a name it lacks is a newer release's, and how to get it, instead of
/// suggesting an unrelated name of the old font. The list itself is `MDI7Names.swift`, written by
/// `scripts/mdi7 --swift` from the wheel the font comes from.
enum NewerIconNames {
    /// The longest name the list holds is well under this; a longer word is not looked for.
    static let longestName = 64

    /// Whether `name` (without `mdi:`) is one of the release's names. One pass over the list, ending
    /// at the first name sorted after it; nothing allocated but the name being rebuilt.
    static func contains(_ name: String) -> Bool {
        let target = Array(name.utf8)
        guard !target.isEmpty, target.count <= longestName else { return false }
        var found = false
        forEach { current in
            if current == target { found = true }
            return current.lexicographicallyPrecedes(target)
        }
        return found
    }

    /// Every name, in order.
    static var all: [String] {
        var names: [String] = []
        forEach {
            names.append(String(decoding: $0, as: UTF8.self)); return true
        }
        return names
    }

    /// Calls `body` with each name rebuilt, in order, until it returns false.
    private static func forEach(_ body: ([UInt8]) -> Bool) {
        var current: [UInt8] = []
        current.reserveCapacity(longestName)
        var atLineStart = true
        for byte in frontCoded.utf8 {
            if atLineStart {
                current.removeSubrange(min(Int(byte) - 0x30, current.count)...)
                atLineStart = false
            } else if byte == 0x0A {
                if !body(current) { return }
                atLineStart = true
            } else {
                current.append(byte)
            }
        }
        _ = body(current)
    }
}
