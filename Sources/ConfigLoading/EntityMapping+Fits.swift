extension EntityMapping {
    /// The kinds that show each use, in words.
    static let kindsByUse: [(EntityUse, String)] = [
        (.onOff, "a toggle"),
        (.number, "a circular-slider, gradient-slider, value-slider or arc-seeker"),
        (.pair, "a range-slider"),
        (.color, "a color-wheel"),
        (.select, "a choice, spinner or dropdown"),
        (.press, "a button"),
    ]

    /// In words, what may be bound to an entity of `domain` (`entity` names it in the example of a
    /// template): the other half of a refusal, so a user who picked the wrong kind learns the right one.
    public static func fits(domain: String, entity: String) -> String {
        let kinds = kindsByUse.filter { use, _ in domains.contains { $0.0 == use && $0.1.contains(domain) } }.map(\.1)
        let named = (domain.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + domain
        let show = "a [[variables]] entry with `entity`, or a template (\"{\(entity)}\")"
        guard !kinds.isEmpty else {
            return "\(named) is only shown: \(show), or a button with `service`"
        }
        return "\(named) fits " + kinds.joined(separator: ", ") + "; any entity: \(show)"
    }
}
