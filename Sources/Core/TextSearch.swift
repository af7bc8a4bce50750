/// Substring search by hand: the standard library's `contains(_:)` with a string argument is
/// `_StringProcessing`'s, and one call of it links that library's regex parser into the static kiosk
/// binary (docs/performance.md, Footprint; `LinkedLibrariesTests` catches a new one).
extension StringProtocol {
    /// Whether `other`'s UTF-8 bytes occur in this text's (an empty `other` occurs everywhere).
    public func containsText(_ other: some StringProtocol) -> Bool {
        let needle = Array(other.utf8)
        guard let first = needle.first else { return true }
        let hay = Array(utf8)
        guard hay.count >= needle.count else { return false }
        var i = 0
        while i <= hay.count - needle.count {
            if hay[i] == first && hay[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
