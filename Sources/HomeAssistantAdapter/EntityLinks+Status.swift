import Controls
import Core
import Formats
import HomeAssistant
import Platform

/// What bound elements say beside their values while their entities are on the way (a lock locking, an
/// alarm arming) or in trouble (jammed, triggered), and which of their values need the entity's code.
struct EntityStatuses {
    /// The status shown per element, and when its note is shown again (a problem stays said).
    var shown: [String: (text: String, problem: Bool, renew: MonotonicTime)] = [:]
    /// The values of each element that ask for a code, as last told to the kiosk.
    var codeValues: [String: [StoredValue]] = [:]

    /// How long a note on the way lasts (the entity says where it arrived well within it).
    static let progressSeconds = 30.0
    /// How long a problem's note lasts before it is shown again (a note's longest is 60 s).
    static let problemSeconds = 60.0
    /// How long the note saying where the entity arrived lasts.
    static let arrivedSeconds = 3.0

    var nextDeadline: MonotonicTime? { shown.values.filter(\.problem).map(\.renew).min() }
}

extension EntityLinks {
    /// Follows what `state` says beyond the element's value: its status note and mark, and the
    /// values that need a code.
    func follow(_ id: String, _ link: EntityLink, _ state: EntityState, now: MonotonicTime) {
        let domain = link.binding.domain
        guard domain == "lock" || domain == "alarm_control_panel" else { return }
        if case .select(let options) = link.exposure {
            let values = EntityStates.codeOptions(state, options: options).map { StoredValue.single(Double($0)) }
            if statuses.codeValues[id] ?? [] != values {
                statuses.codeValues[id] = values
                requireCode(id, values)
            }
        }
        let status = EntityStates.status(state, domain: domain)
        let before = statuses.shown[id]
        guard before?.text != status?.text else { return }
        if let status {
            let seconds = status.problem ? EntityStatuses.problemSeconds : EntityStatuses.progressSeconds
            statuses.shown[id] = (status.text, status.problem, now + seconds - 1)
            sayStatus(id, status.text, seconds)
            if status.problem { mark(id, link, true) }
        } else {
            statuses.shown[id] = nil
            // Where it arrived, briefly: the note on the way must not outlive the way.
            sayStatus(id, EntityLinks.arrived(state.state), EntityStatuses.arrivedSeconds)
        }
        if before?.problem == true && status?.problem != true { mark(id, link, false) }
    }

    /// Says the problems still standing again before their notes expire.
    func renewStatuses(now: MonotonicTime) {
        for (id, s) in statuses.shown.sorted(by: { $0.key < $1.key }) where s.problem && now >= s.renew {
            statuses.shown[id]?.renew = now + EntityStatuses.problemSeconds - 1
            sayStatus(id, s.text, EntityStatuses.problemSeconds)
        }
    }

    /// Marks the element in the problem colour, or gives it back its own.
    private func mark(_ id: String, _ link: EntityLink, _ on: Bool) {
        if let why = setProperty(id, "color", on ? .string(EntityStates.problemColor) : .null) {
            Log.warning("homeassistant: \(id): marking it for \(link.entity ?? ""): \(why)")
        }
    }

    /// A settled state in words (`armed_away`: "Armed away").
    static func arrived(_ state: String) -> String {
        let words = state.split(separator: "_").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
