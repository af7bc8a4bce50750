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
    private(set) var settings: HomeAssistantConfig
    private(set) var client: HomeAssistantClient?
    private(set) var links: EntityLinks?
    /// Connections made by clients a reload replaced, so that `stats` counts them all.
    private var earlierAttempts = 0
    /// The link's standing as the panel's banner says it.
    private var linkWatch = LinkWatch(name: "Home Assistant")
    /// The bound entities HA did not know at the last live connection (logged when they change).
    private var unknownEntities: [String] = []

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
        let timing = HomeAssistantClient.Timing(
            maximumBackoff: settings.reconnectMax ?? HomeAssistantClient.Timing.defaultMaximumBackoff)
        let client = HomeAssistantClient(
            settings: hass, entityIDs: settings.entityIDs, loop: kiosk.eventLoop, timing: timing)
        self.client = client
        let links = follow(kiosk, client)
        // Shown unavailable until HA has said every state: never a value that only looks live.
        links.connectionChanged(live: false, entities: EntityCache(), now: now)
        Log.notice("homeassistant: \(hass), \(settings.entityIDs.count) entities")
        client.start()
    }

    /// New links for the kiosk's config, wired to the kiosk and to `client` (in place of any before).
    private func follow(_ kiosk: any KioskAPI, _ client: HomeAssistantClient) -> EntityLinks {
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
        links.sayStatus = { [unowned kiosk] id, text, seconds in
            _ = kiosk.perform(.note(id: id, text: text, seconds: seconds), from: .device)
        }
        links.requireCode = { [unowned kiosk] id, values in kiosk.requireCode(for: id, values: values) }
        links.takeCode = { [unowned kiosk] id in kiosk.takeCode(for: id) }
        links.call = { [weak client] call, done in
            guard let client else { return done(.failure(code: "not_connected", message: "stopped")) }
            client.call(call, completion: done)
        }
        client.onState = { [weak self, weak links, weak client, unowned kiosk] state in
            guard let links, let client else { return }
            links.connectionChanged(live: state == .live, entities: client.entities, now: monotonicNow())
            if let status = self?.watchLink(state) { _ = kiosk.perform(.linkStatus(status), from: .device) }
            // The client logs its own losses; the adapter says what a live connection brought.
            if state == .live {
                self?.logLive(client)
                self?.fetchTranslations(client, links, config: kiosk.config)
            }
        }
        client.onEntity = { [weak links] id, state in links?.entityChanged(id, state, now: monotonicNow()) }
        self.links = links
        return links
    }

    /// Follows the reloaded config: a changed `url`, token or CA file connects again; otherwise the
    /// links are made again from the new config (new bindings, keys the elements leave to their
    /// entities) and the client subscribes to the new set of entities on the same connection. An
    /// element no longer bound is made available again; the keys set from entities are set again.
    public func reloaded(_ kiosk: any KioskAPI, now: MonotonicTime) {
        let before = settings
        let bound = Set((before.elements + before.variables).map(\.id))
        guard let fresh = kiosk.config.homeAssistant else {
            Log.notice("homeassistant: [homeassistant] is gone from the config; no longer following it")
            stop()
            earlierAttempts += client?.attempts ?? 0
            client = nil
            links = nil
            for id in bound.sorted() { _ = kiosk.perform(.setAvailable(id: id, available: true), from: .device) }
            if let status = linkWatch.connected() { _ = kiosk.perform(.linkStatus(status), from: .device) }
            return
        }
        settings = fresh
        // After the old links had their say: stopping a client tells them it is down.
        defer {
            let unbound = bound.subtracting((fresh.elements + fresh.variables).map(\.id))
            for id in unbound.sorted() { _ = kiosk.perform(.setAvailable(id: id, available: true), from: .device) }
        }
        guard let client, fresh.url == before.url, fresh.token == before.token, fresh.caFile == before.caFile else {
            if client != nil { Log.notice("homeassistant: the connection settings changed; connecting again") }
            stop()
            earlierAttempts += self.client?.attempts ?? 0
            client = nil
            links = nil
            start(kiosk, now: now)
            return
        }
        let old = self.links
        let links = follow(kiosk, client)
        if let old { links.takeOver(from: old) }
        links.connectionChanged(live: client.state == .live, entities: client.entities, now: now)
        if fresh.entityIDs != before.entityIDs {
            Log.notice("homeassistant: the config binds \(fresh.entityIDs.count) entities now; subscribing to them")
        }
        client.resubscribe(fresh.entityIDs)
    }

    /// The banner's news in a state of the client, if any.
    private func watchLink(_ state: ConnectionState) -> Kiosk.LinkStatus? {
        switch state {
        case .live: return linkWatch.connected()
        case .refused: return linkWatch.refused(credential: "token")
        case .down: return linkWatch.lost(now: monotonicNow())
        case .connecting, .authenticating: return nil
        }
    }

    /// What a live connection brought, naming the bound entities HA does not know (once per change).
    private func logLive(_ client: HomeAssistantClient) {
        let ids = client.entityIDs ?? []
        let unknown = ids.filter { client.entities[$0] == nil }.sorted()
        let known = "homeassistant: live, \(ids.count - unknown.count) of \(ids.count) entities known"
        guard unknown != unknownEntities else { return Log.notice(known) }
        unknownEntities = unknown
        if unknown.isEmpty { return Log.notice(known) }
        Log.warning(known + "; HA has no " + unknown.joined(separator: ", ") + " (their elements stay veiled)")
    }

    public func receive(_ event: KioskEvent, now: MonotonicTime) { links?.receive(event, now: now) }
    public func tick(now: MonotonicTime) { links?.tick(now: now) }
    public var nextDeadline: MonotonicTime? { links?.nextDeadline }

    public var statsSection: JSON? {
        guard let client, let links else { return nil }
        return .object([
            ("state", .string("\(client.state)")),
            ("connections", .number(Double(earlierAttempts + client.attempts))),
            ("elements", .number(Double(settings.elements.count))),
            ("variables", .number(Double(settings.variables.count))),
            ("entities", .number(Double(settings.entityIDs.count))),
            ("states_received", .number(Double(links.statesReceived))),
            ("calls", .number(Double(links.callsSent))),
            ("calls_refused", .number(Double(links.callsRefused))),
            ("unknown_entities", .array(unknownEntities.map { .string($0) })),
            ("problems", .object(links.problems.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
        ])
    }

    public func stop() { client?.stop() }
}
