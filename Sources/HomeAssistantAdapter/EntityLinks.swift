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
/// go out at most every `callInterval` (the last value on release); after release HA's state is the
/// truth: a refused call puts the element back at once, a call whose state never comes back puts it
/// back after `confirmTimeout`. An entity that is unavailable or unknown, or every bound element while
/// HA is not live, is shown unavailable and takes no touch.
final class EntityLinks {
    static let callInterval = 0.2
    static let confirmTimeout = 3.0

    let links: [String: EntityLink]
    /// The element and variable ids bound to each entity.
    private let byEntity: [String: [String]]
    private let variables: [String: (binding: EntityBinding, text: Bool)]
    private var entities: [String: EntityState] = [:]
    private var live = false
    private var held: Set<String> = []
    private var lastCall: [String: MonotonicTime] = [:]
    private var pendingCall: [String: (value: StoredValue, due: MonotonicTime)] = [:]
    private var unconfirmed: [String: MonotonicTime] = [:]
    private var logged: Set<String> = []
    private(set) var statesReceived = 0
    private(set) var callsSent = 0
    private(set) var callsRefused = 0

    /// Sets an element from HA (`perform(.set, from: .device)`); returns why it was refused.
    var apply: (String, StoredValue) -> String? = { _, _ in nil }
    var setVariable: (String, JSON) -> Void = { _, _ in }
    var setAvailable: (String, Bool) -> Void = { _, _ in }
    /// Calls a service; the completion gets HA's answer.
    var call: (ServiceCall, @escaping (ServiceResult) -> Void) -> Void = { _, _ in }

    init(_ config: HomeAssistantConfig, controls: [ControlConfig], variables: [ValueBoard.Declaration]) {
        var links: [String: EntityLink] = [:]
        for b in config.elements {
            guard let c = controls.first(where: { $0.id == b.id }), let kind = ElementKinds.named(c.kind) else {
                continue
            }
            links[b.id] = EntityLink(binding: b, exposure: kind.exposure(c.properties))
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
        } else {
            pendingCall = [:]
            unconfirmed = [:]
            for id in links.keys.sorted() { setAvailable(id, false) }
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
                guard let state, !EntityValues.isUnavailable(state),
                    let value = EntityValues.variableValue(state, attribute: v.binding.attribute, text: v.text)
                else { continue }
                setVariable(id, value)
                continue
            }
            guard let link = links[id] else { continue }
            let available = !EntityValues.isUnavailable(state)
            setAvailable(id, available)
            guard available, let state, link.binding.use != .press else { continue }
            unconfirmed[id] = nil
            // While a finger holds the element, the finger is shown; HA has its say on release.
            guard !held.contains(id) else { continue }
            put(id, link, state)
        }
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

    /// A kiosk event: fingers taking and leaving elements, presses, and changes to send to HA.
    func receive(_ event: KioskEvent, now: MonotonicTime) {
        switch event {
        case .control(let id, let e, _) where links[id] != nil:
            switch e {
            case .startedTracking, .rangeStartedTracking: held.insert(id)
            case .endedTracking, .rangeEndedTracking:
                held.remove(id)
                if lastCall[id] != nil, pendingCall[id] == nil { unconfirmed[id] = now + EntityLinks.confirmTimeout }
            case .touchUpInside: if links[id]?.binding.use == .press { send(id, nil, now: now) }
            default: break
            }
        case .valueChanged(let id, let value, let urgent, let origin) where links[id] != nil:
            // HA's own state is not sent back to it.
            guard origin != .command(.device), live else { return }
            if urgent || now - (lastCall[id] ?? -.infinity) >= EntityLinks.callInterval {
                pendingCall[id] = nil
                send(id, value, now: now)
            } else {
                pendingCall[id] = (value, (lastCall[id] ?? now) + EntityLinks.callInterval)
            }
        default: break
        }
    }

    /// Sends rate-limited calls that came due, and puts back elements HA did not confirm.
    func tick(now: MonotonicTime) {
        for (id, pending) in pendingCall where now >= pending.due {
            pendingCall[id] = nil
            send(id, pending.value, now: now)
        }
        for (id, until) in unconfirmed where now >= until {
            unconfirmed[id] = nil
            guard let link = links[id], let entity = link.entity, let state = entities[entity], !held.contains(id)
            else { continue }
            put(id, link, state)
        }
    }

    var nextDeadline: MonotonicTime? { (pendingCall.values.map(\.due) + unconfirmed.values).min() }

    private func send(_ id: String, _ value: StoredValue?, now: MonotonicTime) {
        guard let link = links[id] else { return }
        let state = link.entity.flatMap { entities[$0] }
        guard let request = EntityValues.call(value, for: link, state: state) else { return }
        lastCall[id] = now
        callsSent += 1
        if !held.contains(id), link.binding.use != .press { unconfirmed[id] = now + EntityLinks.confirmTimeout }
        call(request) { [weak self] result in
            guard let self, case .failure(let code, let message) = result else { return }
            self.callsRefused += 1
            Log.warning("homeassistant: \(id): \(request.domain).\(request.service) refused (\(code)): \(message)")
            self.unconfirmed[id] = nil
            // HA's state is the truth: the element goes back to it unless a finger holds it again.
            guard !self.held.contains(id), let entity = link.entity, let known = self.entities[entity], self.live else {
                return
            }
            self.put(id, link, known)
        }
    }

    private func logOnce(_ key: String, _ line: String) {
        guard logged.insert(key).inserted else { return }
        Log.warning(line)
    }
}
