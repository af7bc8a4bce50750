import Kiosk
import ConfigLoading
import CLinux
import CMosquitto
import Core
import Glibc
import Platform

/// One MQTT connection driven by libmosquitto without a thread of its own: its socket joins the
/// kiosk's EventLoop (EPOLLIN always, EPOLLOUT only while libmosquitto has bytes to send), reads and
/// writes happen in the loop's handler and `tick` runs the housekeeping (pings) at least every
/// keepalive/2. A broker that is absent or goes away is retried with capped exponential backoff.
final class MQTTLink {
    /// How to reach the broker and what it should announce when the kiosk vanishes.
    struct Settings {
        var host: String
        var port: Int
        var clientID: String
        var keepalive: Int
        var username: String?
        var password: String?
        /// The last will: published by the broker when the connection is lost without a goodbye.
        var willTopic: String
        var willPayload: String
        /// 4 (MQTT 3.1.1) or 5.
        var protocolVersion = 4
        /// TLS, when the config names a CA.
        var tls: MQTTConfig.TLS?
        /// The longest wait between attempts while the broker is away (`[mqtt] reconnect_max`).
        var reconnectMax = MQTTConfig.defaultReconnectMax
    }

    private enum State: String, Equatable { case idle = "closed", connecting, connected, waiting }

    let settings: Settings
    private let loop: EventLoop
    private var mosq: OpaquePointer?
    private var fd: Int32 = -1
    private var watchingWrite = false
    private var state = State.idle
    private var retryAt: MonotonicTime?
    /// Failed attempts since the last connection (the backoff's exponent).
    private var failuresInRow = 0
    /// The kernel's word that the network may be back ends a backoff early.
    private var network: NetworkWatch?
    private var lastMisc: MonotonicTime = 0
    /// When the current attempt started: a broker that takes the TCP connection but never answers
    /// (a hung broker, a TLS handshake left hanging) is given up on after `connectTimeout`.
    private var attemptStarted: MonotonicTime = 0
    /// The broker's host name being looked up off the loop (`HostLookup`), before libmosquitto connects.
    private var lookup: HostLookup?
    /// Attempts that failed before the broker answered: each retry starts from the next of the name's
    /// addresses (`localhost` may give ::1 first to a broker listening on 127.0.0.1 only).
    private var failedAttempts = 0
    /// Set when an attempt or connection failed: the next attempt starts from a reinitialised client.
    private var needsFreshClient = false
    /// The reason the last failure was logged with: a broker that stays away is logged once, not at every retry.
    private var lastFailure: String?
    private var messagesIn = 0, messagesOut = 0, connections = 0
    /// The first retry's wait; each failure after doubles it up to `Settings.reconnectMax` (`ReconnectBackoff`).
    static let firstBackoff = 0.5

    /// Called once per successful connection (the broker accepted it).
    var onConnect: (() -> Void)?
    /// Called for each message received within its topic's size limit: topic, payload bytes, and
    /// whether the broker kept it retained (sent on subscribing, not published just now).
    var onMessage: ((String, [UInt8], Bool) -> Void)?
    /// The largest payload taken on a topic (`payloadLimit`); a longer one is not copied.
    var payloadLimit: (String) -> Int = { _ in 0 }
    /// Called instead of `onMessage` for a payload over its topic's limit: topic, size, limit.
    var onOversized: ((String, Int, Int) -> Void)?
    /// Called when a connection that was up is lost.
    var onDisconnect: (() -> Void)?
    /// Called after every failed attempt or lost connection, first ones included (a broker absent at
    /// start): whether the broker refused the panel's credentials.
    var onUnreachable: ((_ refusedCredentials: Bool) -> Void)?

    var isConnected: Bool { state == .connected }

    /// The connection for `ctl stats`.
    var stats: MQTTStats {
        MQTTStats(
            state: state.rawValue, messagesIn: messagesIn, messagesOut: messagesOut,
            reconnects: max(0, connections - 1), lastError: lastFailure)
    }

    /// libmosquitto's functions, from the library opened at run time (MosquittoLibrary).
    let api: tw_mosquitto

    init(settings: Settings, library: MosquittoLibrary, loop: EventLoop) {
        self.settings = settings
        self.loop = loop
        api = library.api
    }

    deinit {
        unwatch()
        if let mosq { api.mosquitto_destroy(mosq) }
    }

    /// Creates the client and starts the first connection attempt.
    func start(now: MonotonicTime) {
        guard mosq == nil else { return }
        // clean_session: the kiosk subscribes again on every connect; the broker need not remember it.
        guard let m = api.mosquitto_new(settings.clientID, true, Unmanaged.passUnretained(self).toOpaque()) else {
            Log.error("mqtt: cannot create a client: \(String(cString: strerror(errno)))")
            return
        }
        mosq = m
        guard prepare(m) else { return }
        network = NetworkWatch(loop: loop) { [unowned self] in self.networkMayBeBack() }
        attempt(now: now)
    }

    /// The kernel said an interface, address or route came up: a link waiting out its backoff tries now.
    private func networkMayBeBack() {
        guard state == .waiting, let at = retryAt, at > monotonicNow() else { return }
        Log.info("mqtt: the network changed; reconnecting now")
        retryAt = monotonicNow()
        tick(now: monotonicNow())
    }

    /// Settings and callbacks of a new (or reinitialised) client.
    private func prepare(_ m: OpaquePointer) -> Bool {
        guard configure(m) else { return false }
        // C callbacks cannot capture: `self` travels through the userdata pointer given to mosquitto_new.
        api.mosquitto_connect_callback_set(m) { _, obj, rc in
            guard let obj else { return }
            Unmanaged<MQTTLink>.fromOpaque(obj).takeUnretainedValue().connected(code: rc)
        }
        api.mosquitto_message_callback_set(m) { _, obj, message in
            guard let obj, let message else { return }
            let m = message.pointee
            let topic = m.topic.map { String(cString: $0) } ?? ""
            let count = Int(max(0, m.payloadlen))
            let link = Unmanaged<MQTTLink>.fromOpaque(obj).takeUnretainedValue()
            link.messagesIn += 1
            // Checked before the payload is copied: libmosquitto holds it already, a second copy (and
            // a parse) of a payload far over what its topic takes would only cost memory and time.
            let limit = link.payloadLimit(topic)
            guard count <= limit else { link.onOversized?(topic, count, limit); return }
            let bytes = m.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
            link.onMessage?(topic, bytes, m.retain)
        }
        return true
    }

    /// Publishes `payload` to `topic`; false when not connected (the caller republishes on connect).
    @discardableResult
    func publish(_ topic: String, _ payload: String, qos: Int, retain: Bool) -> Bool {
        guard let mosq, state == .connected else { return false }
        let rc = api.mosquitto_publish(mosq, nil, topic, Int32(payload.utf8.count), payload, Int32(qos), retain)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { return false }
        messagesOut += 1
        return true
    }

    /// Subscribes to `pattern` (call from `onConnect`: the session is clean).
    func subscribe(_ pattern: String, qos: Int) {
        guard let mosq else { return }
        _ = api.mosquitto_subscribe(mosq, nil, pattern, Int32(qos))
    }

    /// Unsubscribes from `pattern` (a reloaded config no longer reads it).
    func unsubscribe(_ pattern: String) {
        guard let mosq, state == .connected else { return }
        _ = api.mosquitto_unsubscribe(mosq, nil, pattern)
    }

    /// Housekeeping from the runtime's turn: retries when due, pings at keepalive/2, sends what is queued.
    func tick(now: MonotonicTime) {
        guard let mosq else { return }
        if state == .waiting, let at = retryAt, now >= at { attempt(now: now); return }
        guard state == .connecting || state == .connected else { return }
        if state == .connecting, now - attemptStarted >= connectTimeout {
            _ = api.mosquitto_disconnect(mosq)
            failed(
                lookup == nil
                    ? "no answer within \(Int(connectTimeout)) s"
                    : "\(settings.host) not resolved within \(Int(connectTimeout)) s",
                now: now)
            return
        }
        // Still looking the host name up: no connection for libmosquitto to look after yet.
        if lookup != nil { return }
        if now - lastMisc >= miscInterval {
            lastMisc = now
            if !check(api.mosquitto_loop_misc(mosq), now: now) { return }
        }
        // Bytes queued since the last wake-up (a publish) go out now; what does not fit waits for EPOLLOUT.
        if state == .connected, api.mosquitto_want_write(mosq) {
            if !check(api.mosquitto_loop_write(mosq, 1), now: now) { return }
        }
        refreshInterest()
    }

    /// The earliest moment `tick` has work: a retry, or the next keepalive housekeeping.
    var nextDeadline: MonotonicTime? {
        switch state {
        case .waiting: return retryAt
        case .connecting: return min(lastMisc + miscInterval, attemptStarted + connectTimeout)
        case .connected: return lastMisc + miscInterval
        case .idle: return nil
        }
    }

    /// Says goodbye: `offline` is published by hand because a clean disconnect suppresses the will.
    func close(goodbye: (topic: String, payload: String)?) {
        guard let mosq else { return }
        if state == .connected, let goodbye {
            _ = publish(goodbye.topic, goodbye.payload, qos: 0, retain: true)
            _ = api.mosquitto_loop_write(mosq, 1)
        }
        _ = api.mosquitto_disconnect(mosq)
        _ = api.mosquitto_loop_write(mosq, 1)
        unwatch()
        state = .idle
        network = nil
    }

    private var miscInterval: Double { max(1, Double(settings.keepalive) / 2) }
    /// As long as the broker may take to accept a connection: the keepalive, which bounds silence anyway.
    private var connectTimeout: Double { Double(settings.keepalive) }

    private func attempt(now: MonotonicTime) {
        guard let mosq else { return }
        if needsFreshClient {
            // A connection that failed may leave QoS 1 states in flight, which libmosquitto would send
            // again after the next CONNACK, after the fresh snapshot, so an old value would end up
            // retained. A reinitialised client has no queue; the snapshot alone says what is current.
            needsFreshClient = false
            guard
                api.mosquitto_reinitialise(mosq, settings.clientID, true, Unmanaged.passUnretained(self).toOpaque())
                    == MOSQ_ERR_SUCCESS.rawValue,
                prepare(mosq)
            else {
                Log.error("mqtt: cannot reset the client for a new connection; the kiosk runs without MQTT")
                state = .idle
                return
            }
        }
        retryAt = nil
        lastMisc = now
        attemptStarted = now
        state = .connecting
        // libmosquitto looks a host name up with getaddrinfo on the calling thread, which would hold the
        // loop for as long as the resolver takes: it is looked up off the loop and libmosquitto gets the
        // address. Not with TLS: libmosquitto checks the certificate against the name it was given.
        if settings.tls == nil, HostLookup.numericAddress(settings.host) == nil {
            lookup = HostLookup(host: settings.host, port: settings.port, loop: loop) { [unowned self] answer in
                lookup = nil
                switch answer {
                case .success(let found):
                    var addresses: [String] = []
                    for a in found.compactMap(HostLookup.numericText) where !addresses.contains(a) {
                        addresses.append(a)
                    }
                    guard !addresses.isEmpty else {
                        failed("\(settings.host) gave no address", now: monotonicNow()); return
                    }
                    let first = failedAttempts % addresses.count
                    connect(to: addresses[first...] + addresses[..<first], now: monotonicNow())
                case .failure(let why): failed(why.message, now: monotonicNow())
                }
            }
            return
        }
        connect(to: [settings.host], now: now)
    }

    /// libmosquitto connects to the first of `hosts` (addresses, or the host name with TLS) that it
    /// can start connecting to, without waiting.
    private func connect(to hosts: some Collection<String>, now: MonotonicTime) {
        guard let mosq else { return }
        var rc = MOSQ_ERR_NO_CONN.rawValue
        for host in hosts {
            rc = api.mosquitto_connect_async(mosq, host, Int32(settings.port), Int32(settings.keepalive))
            if rc == MOSQ_ERR_SUCCESS.rawValue || rc == MOSQ_ERR_CONN_PENDING.rawValue { break }
        }
        guard rc == MOSQ_ERR_SUCCESS.rawValue || rc == MOSQ_ERR_CONN_PENDING.rawValue else {
            failed(reason(rc), now: now)
            return
        }
        fd = api.mosquitto_socket(mosq)
        guard fd >= 0 else { failed("no socket", now: now); return }
        watchingWrite = api.mosquitto_want_write(mosq)
        let socket = fd
        loop.add(fd: socket, events: interest) { [unowned self] events in self.ready(events, fd: socket) }
    }

    private func ready(_ events: UInt32, fd socket: Int32) {
        guard let mosq, socket == fd else { return }
        let now = monotonicNow()
        if events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 {
            if !check(api.mosquitto_loop_write(mosq, 1), now: now) { return }
        }
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            if !check(api.mosquitto_loop_read(mosq, 1), now: now) { return }
        }
        refreshInterest()
    }

    /// The connect callback: 0 is accepted, anything else a refusal (bad credentials, bad id).
    private func connected(code: Int32) {
        if code == 0 {
            state = .connected
            failuresInRow = 0
            lastFailure = nil
            connections += 1
            Log.notice("mqtt: connected to \(settings.host):\(settings.port) as \(settings.clientID)")
            onConnect?()
        } else {
            // libmosquitto closes the socket itself once this returns; the read's error that follows
            // finds the link already waiting and adds no second line.
            failed(
                "the broker refused the connection: \(refusal(code))", now: monotonicNow(),
                credentials: refusesCredentials(code))
        }
    }

    /// True when `rc` is success; otherwise the connection is dropped and a retry scheduled.
    private func check(_ rc: Int32, now: MonotonicTime) -> Bool {
        if rc == MOSQ_ERR_SUCCESS.rawValue || rc == MOSQ_ERR_CONN_PENDING.rawValue { return true }
        failed(reason(rc), now: now)
        return false
    }

    private func failed(_ why: String, now: MonotonicTime, credentials: Bool = false) {
        // One failure per attempt: the refusal and the read error it causes are the same event.
        guard state == .connecting || state == .connected else { return }
        let wasConnected = state == .connected
        failedAttempts = wasConnected ? 0 : failedAttempts + 1
        lookup?.cancel()
        lookup = nil
        unwatch()
        state = .waiting
        needsFreshClient = true
        // A broker that just went away is usually back soon: the first retry is quick, later ones spaced out.
        failuresInRow = wasConnected ? 1 : failuresInRow + 1
        retryAt =
            now
            + ReconnectBackoff.wait(
                failures: failuresInRow, initial: MQTTLink.firstBackoff, maximum: settings.reconnectMax,
                jitter: ReconnectBackoff.jitter())
        if wasConnected {
            Log.warning("mqtt: lost the connection to \(settings.host):\(settings.port) (\(why)); reconnecting")
            onDisconnect?()
        } else if lastFailure != why {
            Log.warning(
                "mqtt: cannot connect to \(settings.host):\(settings.port) (\(why)); retrying with backoff up to \(settings.reconnectMax) s"
            )
        }
        lastFailure = why
        onUnreachable?(credentials)
    }

    private func reason(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        if rc == MOSQ_ERR_TLS.rawValue {
            return
                "TLS failed: check that ca_file signed the broker's certificate, which must name this host (or tls_insecure), and that the broker accepts cert_file"
        }
        return MQTTLink.text(api.mosquitto_strerror(rc))
    }

    private var interest: UInt32 { EPOLLIN.rawValue | (watchingWrite ? EPOLLOUT.rawValue : 0) }

    /// EPOLLOUT only while libmosquitto has something to send, so an idle connection does not spin the loop.
    private func refreshInterest() {
        guard let mosq, fd >= 0 else { return }
        let current = api.mosquitto_socket(mosq)
        if current != fd {
            // libmosquitto closed the socket (a read saw the end): treat it as lost.
            failed("connection closed", now: monotonicNow())
            return
        }
        let wants = api.mosquitto_want_write(mosq)
        if wants != watchingWrite {
            watchingWrite = wants
            loop.modify(fd: fd, events: interest)
        }
    }

    private func unwatch() {
        if fd >= 0 { loop.remove(fd: fd) }
        fd = -1
        watchingWrite = false
    }
}
