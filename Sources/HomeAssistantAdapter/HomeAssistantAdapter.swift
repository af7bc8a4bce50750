import ConfigLoading
import Controls
import Core
import Formats
import HomeAssistant
import Kiosk
import Platform
import Widgets

/// Home Assistant as an adapter of the kiosk: the elements and variables with `entity` follow their
/// entities' states (`perform(.set, from: .device)`), and a change made on the panel becomes a service
/// call. The rules of honest state are `EntityLinks`'; this class wires them to the client and the kiosk.
public final class HomeAssistantAdapter: KioskAdapter {
    public let name = "homeassistant"
    let settings: HomeAssistantConfig
    private(set) var client: HomeAssistantClient?
    private(set) var links: EntityLinks?

    /// The adapter for a config: none without `[homeassistant]`.
    public static func make(config: KioskConfig, options: RunOptions) -> HomeAssistantAdapter? {
        config.homeAssistant.map(HomeAssistantAdapter.init)
    }

    init(settings: HomeAssistantConfig) { self.settings = settings }

    public var summary: String {
        client.map {
            "homeassistant \($0.settings.address.host):\($0.settings.address.port) (\(settings.elements.count + settings.variables.count) bound)"
        } ?? "homeassistant off"
    }

    public func start(_ kiosk: any KioskAPI, now: MonotonicTime) {
        guard !settings.token.isEmpty else {
            // check-config warned of it: the token file was missing at load.
            Log.error("homeassistant: no token (token_file missing); the kiosk runs without Home Assistant")
            return
        }
        let hass: HomeAssistantSettings
        do { hass = try HomeAssistantSettings(url: settings.url, token: settings.token, caFile: settings.caFile) } catch
        {
            Log.error("homeassistant: \(error); the kiosk runs without Home Assistant")
            return
        }
        let config = kiosk.config
        let links = EntityLinks(settings, controls: config.allControls, variables: config.variables)
        links.apply = { [unowned kiosk] id, value in
            if case .failure(let refused) = kiosk.perform(.set(id: id, value: value), from: .device) {
                return refused.description
            }
            return nil
        }
        links.setVariable = { [unowned kiosk] id, value in
            _ = kiosk.perform(.setVariable(id: id, value: value), from: .device)
        }
        links.setAvailable = { [unowned kiosk] id, available in
            _ = kiosk.perform(.setAvailable(id: id, available: available), from: .device)
        }
        links.setProperty = { [unowned kiosk] id, key, value in
            if case .failure(let refused) = kiosk.perform(.setProperty(id: id, key: key, value: value), from: .device) {
                return refused.description
            }
            return nil
        }
        links.note = { [unowned kiosk] id, text in
            _ = kiosk.perform(.note(id: id, text: text, seconds: EntityLinks.noteSeconds), from: .device)
        }
        let client = HomeAssistantClient(settings: hass, entityIDs: settings.entityIDs, loop: kiosk.eventLoop)
        links.call = { [weak client] call, done in
            guard let client else { return done(.failure(code: "not_connected", message: "stopped")) }
            client.call(call, completion: done)
        }
        client.onState = { [weak links, weak client] state in
            guard let links, let client else { return }
            links.connectionChanged(live: state == .live, entities: client.entities, now: monotonicNow())
            // The client logs its own losses; the adapter says what a live connection brought.
            if state == .live {
                Log.notice(
                    "homeassistant: live, \(client.entities.entities.count) of \(client.entityIDs?.count ?? 0) entities known"
                )
            }
        }
        client.onEntity = { [weak links] id, state in links?.entityChanged(id, state, now: monotonicNow()) }
        self.links = links
        self.client = client
        // Shown unavailable until HA has said every state: never a value that only looks live.
        links.connectionChanged(live: false, entities: EntityCache(), now: now)
        Log.notice("homeassistant: \(hass), \(settings.entityIDs.count) entities")
        client.start()
    }

    public func receive(_ event: KioskEvent, now: MonotonicTime) { links?.receive(event, now: now) }
    public func tick(now: MonotonicTime) { links?.tick(now: now) }
    public func reloaded(_ kiosk: any KioskAPI, now: MonotonicTime) { links?.keysCleared(now: now) }
    public var nextDeadline: MonotonicTime? { links?.nextDeadline }

    public var statsSection: JSON? {
        guard let client, let links else { return nil }
        return .object([
            ("state", .string("\(client.state)")),
            ("connections", .number(Double(client.attempts))),
            ("elements", .number(Double(settings.elements.count))),
            ("variables", .number(Double(settings.variables.count))),
            ("entities", .number(Double(settings.entityIDs.count))),
            ("states_received", .number(Double(links.statesReceived))),
            ("calls", .number(Double(links.callsSent))),
            ("calls_refused", .number(Double(links.callsRefused))),
        ])
    }

    public func stop() { client?.stop() }
}
