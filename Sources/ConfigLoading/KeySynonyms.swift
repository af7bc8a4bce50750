/// Did-you-mean by meaning: keys one kind uses for what another kind calls by another name (a toggle's
/// `label` is a button's `text`). Spelling suggestions cannot find these, and an integrator who wrote a
/// button yesterday will write its keys on a toggle today.
enum KeySynonyms {
    /// Groups of keys that name the same thing in different kinds (or in other programs' configs).
    static let groups: [[String]] = [
        ["text", "label", "title", "caption"],
        ["min", "minimum", "from", "low"],
        ["max", "maximum", "to", "high"],
        ["icon", "image", "picture"],
        ["color", "colour", "tint"],
        ["value", "initial", "default"],
        ["decimals", "precision", "digits"],
        ["actions", "action", "on_tap", "on_press"],
    ]

    /// The key of `known` that means what `key` means elsewhere, if exactly one does.
    static func counterpart(of key: String, among known: [String]) -> String? {
        let lower = key.lowercased()
        guard let group = groups.first(where: { $0.contains(lower) }) else { return nil }
        let matches = group.filter { $0 != lower && known.contains($0) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// "; a toggle calls it \"label\"" (or "; this table calls it …" outside an element), or nil.
    static func hint(for key: String, among known: [String], kind: String?) -> String? {
        guard let other = counterpart(of: key, among: known) else { return nil }
        let owner = kind.map { ("aeiou".contains($0.first ?? "x") ? "an " : "a ") + $0 } ?? "this table"
        return "; \(owner) calls it \"\(other)\""
    }
}
