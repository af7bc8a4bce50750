import Kiosk
import ConfigLoading
import CMosquitto
import Glibc
import Platform

extension MQTTLink {
    /// Sets the client up before its first connect: last will, credentials, protocol version, TLS.
    /// False (logged once) when libmosquitto refuses a setting, which the loader's checks make rare.
    func configure(_ m: OpaquePointer) -> Bool {
        _ = api.mosquitto_will_set(
            m, settings.willTopic, Int32(settings.willPayload.utf8.count), settings.willPayload, 1, true)
        if let user = settings.username { _ = api.mosquitto_username_pw_set(m, user, settings.password) }
        var problems: [String] = []
        // A set's state goes back as one small packet: Nagle's algorithm would hold it for the peer's
        // delayed ACK (Linux's is tens of milliseconds), which is all of an interactive panel's latency budget.
        _ = api.mosquitto_int_option(m, MOSQ_OPT_TCP_NODELAY, 1)
        let version = settings.protocolVersion == 5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311
        if api.mosquitto_int_option(m, MOSQ_OPT_PROTOCOL_VERSION, Int32(version)) != MOSQ_ERR_SUCCESS.rawValue {
            problems.append("protocol version \(settings.protocolVersion)")
        }
        if let tls = settings.tls {
            // The key must not be encrypted: a kiosk starts unattended, nobody types a passphrase.
            let rc = api.mosquitto_tls_set(m, tls.caFile, nil, tls.certFile, tls.keyFile, nil)
            if rc != MOSQ_ERR_SUCCESS.rawValue {
                problems.append("TLS files (\(MQTTLink.text(api.mosquitto_strerror(rc))))")
            }
            if tls.insecure { _ = api.mosquitto_tls_insecure_set(m, true) }
        }
        guard problems.isEmpty else {
            Log.error(
                "mqtt: libmosquitto refused " + problems.joined(separator: ", ") + "; the kiosk runs without MQTT")
            return false
        }
        return true
    }

    /// A refused CONNACK's code in words, with what to check when it is about credentials.
    func refusal(_ code: Int32) -> String {
        let v5 = settings.protocolVersion == 5
        let words = MQTTLink.text(v5 ? api.mosquitto_reason_string(code) : api.mosquitto_connack_string(code))
        return refusesCredentials(code) ? words + " (check [mqtt] username and password_file)" : words
    }

    /// Whether a CONNACK code refuses the panel's credentials (3.1.1: 4 bad user name or password, 5 not
    /// authorised; 5: 134 and 135 say the same).
    func refusesCredentials(_ code: Int32) -> Bool {
        settings.protocolVersion == 5 ? (code == 134 || code == 135) : (code == 4 || code == 5)
    }

    /// A string libmosquitto returns (its own static text; a function pointer's result is optional to Swift).
    static func text(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "unknown error" }
}
