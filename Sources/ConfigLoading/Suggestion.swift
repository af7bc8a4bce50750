/// "Did you mean": every hint of the loader (keys, options, ids, colours, icon names, fonts) comes
/// from here. The search is bounded by the distance it may accept, so a wrong name of any length
/// costs about as much as a short one: a config is checked on the loop (at reload), and a
/// many-thousand-character name must not hold it.
extension Validator {
    /// The closest of `names` to `word` (ignoring case) within an edit distance of a third of its
    /// length (at least 1); else a name `word` starts with or that starts with `word`; else nil.
    /// Among equally close names, the first.
    static func suggestion(for word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        let limit = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for name in names {
            // Only a strictly closer name can replace the best so far.
            let bound = min(limit, (best?.distance ?? limit + 1) - 1)
            if bound < 0 { break }
            if let d = editDistance(typed, Array(name.lowercased().unicodeScalars), within: bound) {
                best = (name, d)
            }
        }
        if let best { return best.name }
        return names.first { $0.hasPrefix(word) || word.hasPrefix($0) }
    }

    /// Edits (insert, delete, replace, or swap two neighbours: the commonest typo) from `a` to `b`,
    /// or nil when more than `bound`. Only the band of cells within `bound` of the diagonal is
    /// computed, and the search stops as soon as no path can come back under it: at most
    /// `(2·bound + 1)·a.count` cells, none when the lengths alone differ by more.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], within bound: Int) -> Int? {
        let n = a.count, m = b.count
        guard bound >= 0, abs(n - m) <= bound else { return nil }
        if n == 0 || m == 0 { return max(n, m) }
        let far = bound + 1  // any value over the bound: cells outside the band
        // Rows i-2, i-1 and i of the optimal-string-alignment table, reused.
        var older = [Int](repeating: far, count: m + 1)
        var previous = (0...m).map { min($0, far) }
        var current = [Int](repeating: far, count: m + 1)
        var previousLowest = 0
        for i in 1...n {
            let low = max(1, i - bound), high = min(m, i + bound)
            current[low - 1] = low == 1 ? min(i, far) : far
            if high < m { current[high + 1] = far }
            var lowest = current[low - 1]
            if low <= high {
                for j in low...high {
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, older[j - 2] + 1) }
                    current[j] = min(d, far)
                    lowest = min(lowest, current[j])
                }
            }
            // A swap reaches back two rows, so both must be past the bound.
            if lowest > bound && previousLowest > bound { return nil }
            previousLowest = lowest
            (older, previous, current) = (previous, current, older)
        }
        return previous[m] <= bound ? previous[m] : nil
    }
}
