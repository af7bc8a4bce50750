import ConfigLoading
import Controls
import Core
import Formats
import HomeAssistant
import Kiosk
import Platform
import Widgets

/// The elements and variables bound to Home Assistant entities, and the rules of honest state: HA's
/// state moves its elements; while a finger holds one its display follows the finger and service calls
/// go out at most every `CommandPacer.interval` (the last value on release); after release HA's state is
/// the truth: a refused call puts the element back at once, a call whose state never comes back puts it
/// back after `CommandPacer.confirmTimeout`. An entity that is unavailable or unknown, or every bound element while
/// HA is not live, is shown unavailable and takes no touch.
final class EntityLinks {
    private(set) var links: [String: EntityLink]
    /// The element and variable ids bound to each entity.
    private let byEntity: [String: [String]]
    private let variables: [String: (binding: EntityBinding, text: Bool)]
    private var entities: [String: EntityState] = [:]
    private var live = false
    /// Fingers on elements, calls waiting, calls to be confirmed.
    private var pacer = CommandPacer()
    private var logged: Set<String> = []
    /// How long a refusal's note stays: long enough to read a line, short enough not to linger.
    static let noteSeconds = 5.0
    private(set) var statesReceived = 0
    private(set) var callsSent = 0
    private(set) var callsRefused = 0
    /// What keeps a bound element or variable from showing its entity, by id (`ctl stats`): an
    /// `attribute` the entity does not have.
    private(set) var problems: [String: String] = [:]

    /// Sets an element from HA (`perform(.set, from: .device)`); returns why it was refused.
    var apply: (String, StoredValue) -> String? = { _, _ in nil }
    var setVariable: (String, JSON) -> Void = { _, _ in }
    var setAvailable: (String, Bool) -> Void = { _, _ in }
    /// Sets one of an element's keys (`setProperty`); returns why it was refused.
    var setProperty: (String, String, JSON) -> String? = { _, _, _ in nil }
    /// The keys set on each element from its entity's attributes, as last set.
    private var pushed: [String: [String: JSON]] = [:]
    /// Shows a short note beside an element: why HA refused what it asked.
    var note: (String, String) -> Void = { _, _ in }
    /// Calls a service; the completion gets HA's answer.
    var call: (ServiceCall, @escaping (ServiceResult) -> Void) -> Void = { _, _ in }
    /// What each element says beside its value (a lock locking, jammed), and the code gates asked for.
    var statuses = EntityStatuses()
    /// Asks the kiosk for a code before a change of the element to one of the values (`KioskAPI.requireCode`).
    var requireCode: (String, [StoredValue]) -> Void = { _, _ in }
    /// The code typed for the element's change being sent, taken (`KioskAPI.takeCode`).
    var takeCode: (String) -> String? = { _ in nil }
    /// Shows a note beside an element for some seconds: what its entity is doing (`EntityStatuses`).
    var sayStatus: (String, String, Double) -> Void = { _, _, _ in }

    init(_ config: HomeAssistantConfig, controls: [ControlConfig], variables: [ValueBoard.Declaration]) {
        var links: [String: EntityLink] = [:]
        for b in config.elements {
            guard let c = controls.first(where: { $0.id == b.id }), let kind = ElementKinds.named(c.kind) else {
                continue
            }
            links[b.id] = EntityLink(
                binding: b, exposure: kind.exposure(c.properties), adaptable: EntityKeys.adaptable(c))
        }
        self.links = links
        var vars: [String: (EntityBinding, Bool)] = [:]
        for b in config.variables { vars[b.id] = (b, variables.first { $0.id == b.id }?.type == .text) }
        self.variables = vars
        var byEntity: [String: [String]] = [:]
        for b in config.elements + config.variables { if let e = b.entity { byEntity[e, default: []].append(b.id) } }
        self.byEntity = byEntity
    }

    /// The connection became live (with every state current) or went away.
    func connectionChanged(live: Bool, entities cache: EntityCache, now: MonotonicTime) {
        self.live = live
        if live {
            entities = cache.entities
            for entity in byEntity.keys.sorted() { show(entity, now: now) }
            // A button calling a service at no entity has no state to wait for: live is enough.
            for (id, link) in links.sorted(by: { $0.key < $1.key }) where link.entity == nil { setAvailable(id, true) }
        } else {
            pacer.reset()
            for id in links.keys.sorted() { setAvailable(id, false) }
            // Variables keep their last value, dimmed: text showing them says it may be out of date.
            for id in variables.keys.sorted() { setAvailable(id, false) }
        }
    }

    /// HA said something new of `entity` (nil: it is gone).
    func entityChanged(_ entity: String, _ state: EntityState?, now: MonotonicTime) {
        entities[entity] = state
        statesReceived += 1
        guard live else { return }
        show(entity, now: now)
    }

    private func show(_ entity: String, now: MonotonicTime) {
        let state = entities[entity]
        for id in byEntity[entity] ?? [] {
            if let v = variables[id] {
                let missing = state.flatMap { EntityLinks.missingAttribute(v.binding, $0) }
                note(problem: missing, of: id)
                guard let state, !EntityValues.isUnavailable(state), missing == nil else {
                    setAvailable(id, false)
                    continue
                }
                setAvailable(id, true)
                guard let value = EntityValues.variableValue(state, attribute: v.binding.attribute, text: v.text)
                else { continue }
                setVariable(id, value)
                continue
            }
            guard let link = links[id] else { continue }
            // A scene or button has no state until first used ("unknown"): a press needs none.
            let missing = state.flatMap { EntityLinks.missingAttribute(link.binding, $0) }
            note(problem: missing, of: id)
            let available =
                link.binding.use == .press
                ? state != nil && state?.state != "unavailable"
                : !EntityValues.isUnavailable(state) && missing == nil
            setAvailable(id, available)
            guard available, let state, link.binding.use != .press else { continue }
            pacer.confirmed(id)
            // While a finger holds the element, the finger is shown; HA has its say on release.
            guard !pacer.isHeld(id) else { continue }
            adapt(id, state)
            put(id, links[id] ?? link, state)
            follow(id, links[id] ?? link, state, now: now)
        }
    }

    /// Sets the element's keys that the entity's attributes give (its range, options, unit) where they
    /// changed, before its value: a value of the new range or options must find them in place.
    private func adapt(_ id: String, _ state: EntityState) {
        guard let link = links[id], !link.adaptable.isEmpty else { return }
        let wanted = EntityKeys.wanted(state, for: link)
        var changed = wanted.filter { pushed[id]?[$0.key] != $0.value }
        guard !changed.isEmpty else { return }
        // The ends of a range go together: the check that they differ sees both new ones.
        if changed["min"] != nil || changed["max"] != nil {
            changed.merge(wanted.filter { $0.key == "min" || $0.key == "max" }) { a, _ in a }
        }
        var done: [String: JSON] = [:]
        for (key, value) in EntityKeys.ordered(changed, current: link.range) {
            if let problem = setProperty(id, key, value) {
                logOnce("\(id)/\(key)", "homeassistant: \(id): \(key) from \(link.entity ?? ""): \(problem)")
                continue
            }
            done[key] = value
            pushed[id, default: [:]][key] = value
        }
        links[id] = EntityKeys.applying(done, to: link)
    }

    /// Shows HA's state on the element.
    private func put(_ id: String, _ link: EntityLink, _ state: EntityState) {
        switch EntityValues.value(of: state, for: link) {
        case .success(let value):
            if let problem = apply(id, value) {
                logOnce("\(id)/apply", "homeassistant: \(id): \(link.entity ?? ""): \(problem)")
            }
        case .failure(let why):
            logOnce("\(id)/value", "homeassistant: \(id): \(link.entity ?? ""): \(why.message); logged once")
        }
    }

    /// Takes over the counts `stats` shows from the links of the config before a reload. Calls waiting
    /// are not taken over: the new links show HA's last known state on every element at once, and a
    /// call still in flight moves it when HA confirms it.
    func takeOver(from old: EntityLinks) {
        statesReceived += old.statesReceived
        callsSent += old.callsSent
        callsRefused += old.callsRefused
    }

    /// A kiosk event: fingers taking and leaving elements, presses, and changes to send to HA.
    func receive(_ event: KioskEvent, now: MonotonicTime) {
        if case .control(let id, .touchUpInside, _) = event, links[id]?.binding.use == .press {
            send(id, nil, now: now)
        }
        let change = pacer.follow(
            event, now: now, bound: { links[$0] != nil }, sends: { _ in live },
            confirms: { links[$0]?.binding.use != .press })
        if let change { send(change.id, change.value, now: now) }
    }

    /// Sends rate-limited calls that came due, and puts back elements HA did not confirm.
    func tick(now: MonotonicTime) {
        renewStatuses(now: now)
        let due = pacer.due(now: now)
        for (id, value) in due.send { send(id, value, now: now) }
        for id in due.putBack {
            guard let link = links[id], let entity = link.entity, let state = entities[entity] else { continue }
            put(id, link, state)
        }
    }

    var nextDeadline: MonotonicTime? { [pacer.nextDeadline, statuses.nextDeadline].compactMap { $0 }.min() }

    private func send(_ id: String, _ value: StoredValue?, now: MonotonicTime) {
        guard let link = links[id] else { return }
        let state = link.entity.flatMap { entities[$0] }
        let code = link.binding.domain == "alarm_control_panel" ? takeCode(id) : nil
        guard let request = EntityValues.call(value, for: link, state: state, code: code) else { return }
        callsSent += 1
        pacer.sent(id, now: now, confirms: link.binding.use != .press)
        call(request) { [weak self] result in
            guard let self, case .failure(let code, let message) = result else { return }
            self.callsRefused += 1
            Log.warning("homeassistant: \(id): \(request.domain).\(request.service) refused (\(code)): \(message)")
            self.pacer.confirmed(id)
            self.note(id, EntityLinks.refusal(message, code: code))
            // HA's state is the truth: the element goes back to it unless a finger holds it again.
            guard !self.pacer.isHeld(id), let entity = link.entity, let known = self.entities[entity], self.live else {
                return
            }
            self.put(id, link, known)
        }
    }

    /// The note a refused call puts beside its element: HA's own words, on one line.
    static func refusal(_ message: String, code: String) -> String {
        let words = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "Refused: " + (words.isEmpty ? code : String(words.prefix(120)))
    }

    /// Why `binding`'s `attribute` cannot be read from `state`: the entity has no such attribute
    /// (nil when it has, or none is named). A wrong name must not show a default as if HA said it. An
    /// entity that is off drops attributes it has while on (a light's brightness): not a wrong name.
    static func missingAttribute(_ binding: EntityBinding, _ state: EntityState) -> String? {
        guard let attribute = binding.attribute, state[attribute: attribute] == nil, state.state != "off",
            !(binding.domain == "climate" && attribute == "hvac_mode"), !EntityValues.isUnavailable(state)
        else { return nil }
        return "\(binding.entity ?? "") has no attribute \"\(attribute)\""
    }

    /// Keeps `problem` as what keeps `id` from its entity, logged once per problem.
    private func note(problem: String?, of id: String) {
        guard problems[id] != problem else { return }
        problems[id] = problem
        guard let problem else { return }
        Log.warning("homeassistant: \(id): \(problem); it is shown unavailable")
    }

    private func logOnce(_ key: String, _ line: String) {
        guard logged.insert(key).inserted else { return }
        Log.warning(line)
    }
}
