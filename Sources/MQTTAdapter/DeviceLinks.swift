import ConfigLoading
import ConfigModel
import Controls
import Core
import Formats
import Kiosk
import Platform
import Widgets

/// The elements bound to devices' own topics (`mqtt = { … }` on an element): a device's state moves
/// its element; a change made on the panel goes to the device as its command.
///
/// Honest state: while a finger holds an element, its display follows the finger and commands go out
/// at most every `CommandPacer.interval` (the last value on release); the device's state is the truth after
/// that. A command the device does not confirm within `CommandPacer.confirmTimeout` puts the element back to the
/// device's last state. An element whose device says it is not available, or whose broker is out of
/// reach, is shown unavailable and takes no touch.
final class DeviceLinks {
    /// One bound element and how its values map to the device's.
    struct Link {
        var topics: DeviceTopics
        var exposure: ValueExposure

        /// The texts of an element whose value is an index (a toggle's off/on, a choice's options).
        var texts: [String]? {
            switch exposure {
            case .onOff: return [topics.payloadOff, topics.payloadOn]
            case .select(let options): return options
            default: return nil
            }
        }

        /// The element's range, for `device_range`.
        var range: NumberRange? {
            switch exposure {
            case .number(let r), .pair(let r, _, _): return r
            default: return nil
            }
        }
    }

    let links: [String: Link]
    private let byState: [String: [String]]
    private let byAvailability: [String: [String]]
    /// What the device said last, per element.
    private(set) var deviceValues: [String: StoredValue] = [:]
    /// Elements a finger holds now.
    /// Fingers on elements, commands waiting, commands to be confirmed.
    private var pacer = CommandPacer()
    /// Per element, whether its availability topic says available (absent: it has none, or said nothing).
    private var deviceAvailable: [String: Bool] = [:]
    private var brokerUp = false

    /// Sets an element from its device (`perform(.set, from: .device)`); returns why it was refused.
    var apply: (String, StoredValue) -> String? = { _, _ in nil }
    /// Shows an element available or not.
    var setAvailable: (String, Bool) -> Void = { _, _ in }
    /// Publishes a command: topic, payload, qos, retain.
    var publish: (String, String, Int, Bool) -> Void = { _, _, _, _ in }
    /// Logs a line once per key.
    var logOnce: (String, String) -> Void = { _, _ in }

    init(_ devices: [DeviceTopics], controls: [ControlConfig]) {
        var links: [String: Link] = [:]
        for d in devices {
            guard let c = controls.first(where: { $0.id == d.id }), let kind = ElementKinds.named(c.kind) else {
                continue
            }
            links[d.id] = Link(topics: d, exposure: kind.exposure(c.properties))
        }
        self.links = links
        byState = Dictionary(grouping: devices.filter { $0.stateTopic != nil }, by: { $0.stateTopic! }).mapValues {
            $0.map(\.id)
        }
        byAvailability = Dictionary(
            grouping: devices.filter { $0.availabilityTopic != nil }, by: { $0.availabilityTopic! }
        )
        .mapValues { $0.map(\.id) }
    }

    /// The topics to subscribe to, with their QoS.
    var subscriptions: [(String, Int)] {
        let state = byState.compactMap { topic, ids in links[ids[0]].map { (topic, $0.topics.qos) } }
        let availability = byAvailability.compactMap { topic, ids in links[ids[0]].map { (topic, $0.topics.qos) } }
        return (state + availability).sorted { $0.0 < $1.0 }
    }

    /// The largest payload `topic` takes as a state or availability topic (0: it is neither).
    func payloadLimit(_ topic: String) -> Int {
        max(
            byState[topic] == nil ? 0 : MQTTBridge.maximumBoundPayloadBytes,
            byAvailability[topic] == nil ? 0 : MQTTBridge.maximumAvailabilityBytes)
    }

    /// Takes a message if it is a bound state or availability topic; returns whether it was one.
    func received(_ topic: String, _ payload: [UInt8], now: MonotonicTime) -> Bool {
        var taken = false
        if let ids = byState[topic] {
            taken = true
            for id in ids { receivedState(id, payload) }
        }
        if let ids = byAvailability[topic] {
            taken = true
            for id in ids { receivedAvailability(id, payload) }
        }
        return taken
    }

    private func receivedState(_ id: String, _ payload: [UInt8]) {
        guard let link = links[id] else { return }
        switch DeviceLinks.value(of: payload, for: link) {
        case .failure(let why):
            logOnce(
                "device/\(id)/\(why.kind)",
                "mqtt: \(link.topics.stateTopic ?? ""): ignored \(MQTTBridge.shown(payload)) for \(id): \(why.message); logged once"
            )
        case .success(let value):
            deviceValues[id] = value
            pacer.confirmed(id)
            // While a finger holds the element, the finger is shown; the device has its say on release.
            guard !pacer.isHeld(id) else { return }
            if let problem = apply(id, value) {
                logOnce(
                    "device/\(id)/\(problem)", "mqtt: \(link.topics.stateTopic ?? ""): ignored for \(id): \(problem)")
            }
        }
    }

    private func receivedAvailability(_ id: String, _ payload: [UInt8]) {
        guard let link = links[id] else { return }
        var text = String(decoding: payload.prefix(256), as: UTF8.self)
        if let path = link.topics.availabilityJSON, let json = JSON.parse(payload), case .string(let s)? = json.at(path)
        {
            text = s
        }
        let folded = text.lowercased()
        if folded == link.topics.payloadAvailable.lowercased() {
            deviceAvailable[id] = true
        } else if folded == link.topics.payloadNotAvailable.lowercased() {
            deviceAvailable[id] = false
        } else {
            logOnce(
                "device/\(id)/availability",
                "mqtt: \(link.topics.availabilityTopic ?? ""): ignored \(MQTTBridge.shown(payload)) for \(id): expected \"\(link.topics.payloadAvailable)\" or \"\(link.topics.payloadNotAvailable)\"; logged once"
            )
        }
        showAvailability(id)
    }

    /// The broker connected or went away: every bound element follows.
    func brokerChanged(up: Bool) {
        brokerUp = up
        for id in links.keys.sorted() { showAvailability(id) }
    }

    private func showAvailability(_ id: String) { setAvailable(id, brokerUp && deviceAvailable[id] != false) }

    /// A kiosk event: fingers taking and leaving elements, and value changes to send to devices.
    func receive(_ event: KioskEvent, now: MonotonicTime) {
        if case .control(let id, .touchUpInside, _) = event, case .press = links[id]?.exposure {
            command(id, .single(1), now: now)
        }
        let change = pacer.follow(
            event, now: now, bound: { links[$0] != nil }, sends: { links[$0]?.topics.commandTopic != nil },
            confirms: { links[$0]?.topics.stateTopic != nil })
        if let change { command(change.id, change.value, now: now) }
    }

    /// Sends rate-limited commands that came due, and puts back elements whose device did not confirm.
    func tick(now: MonotonicTime) {
        let due = pacer.due(now: now)
        for (id, value) in due.send { command(id, value, now: now) }
        for id in due.putBack {
            guard let known = deviceValues[id] else { continue }
            logOnce(
                "device/\(id)/unconfirmed",
                "mqtt: \(id): the device did not confirm the command within \(Int(CommandPacer.confirmTimeout)) s; showing its last state; logged once"
            )
            _ = apply(id, known)
        }
    }

    var nextDeadline: MonotonicTime? { pacer.nextDeadline }

    private func command(_ id: String, _ value: StoredValue, now: MonotonicTime) {
        guard let link = links[id], let topic = link.topics.commandTopic else { return }
        publish(topic, DeviceLinks.payload(value, for: link), link.topics.qos, link.topics.retain)
        // Once no finger holds it, the device must confirm what was sent, or the element goes back.
        pacer.sent(id, now: now, confirms: link.topics.stateTopic != nil)
    }
}
