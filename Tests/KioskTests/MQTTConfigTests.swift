import Controls
import Glibc
import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// `[mqtt]` in the config and the payloads a `set` topic accepts.
@Suite("MQTT config and payloads")
struct MQTTConfigTests {
    static let screens = "\n[[screens]]\nid = \"main\"\n"

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("No section, no MQTT; defaults name the device")
    func defaults() throws {
        #expect(try ConfigLoader.parse(text: MQTTConfigTests.screens, file: "c.toml").mqtt == nil)
        let m = try #require(
            try ConfigLoader.parse(text: "[mqtt]\nhost = \"broker\"\n" + MQTTConfigTests.screens, file: "c.toml").mqtt)
        #expect(m.host == "broker" && m.port == 1883 && m.keepalive == 30 && m.qos == 1 && m.password == nil)
        #expect(m.baseTopic == "thumbwheel/" + MQTTConfig.hostname && m.clientID == "thumbwheel-" + MQTTConfig.hostname)
    }

    @Test("Located errors: a wildcard base topic, out-of-range numbers, no host, an unreadable password file")
    func locatedErrors() {
        #expect(
            errors("[mqtt]\nhost = \"b\"\nbase_topic = \"a/+/b\"\n" + MQTTConfigTests.screens)
                == [
                    "c.toml:3:1: mqtt.base_topic: expected a topic without \"+\", \"#\" or a trailing \"/\", found \"a/+/b\""
                ])
        #expect(errors("[mqtt]\nhost = \"b\"\nbase_topic = \"a/#\"\n" + MQTTConfigTests.screens).count == 1)
        #expect(
            errors("[mqtt]\nhost = \"b\"\nport = 0\n" + MQTTConfigTests.screens).first?.contains(
                "mqtt.port: expected a whole number from 1 to 65535, found") == true)
        #expect(
            errors("[mqtt]\nhost = \"b\"\nkeepalive = 2\n" + MQTTConfigTests.screens).first?.contains("mqtt.keepalive")
                == true)
        #expect(errors("[mqtt]\nhost = \"b\"\nqos = 3\n" + MQTTConfigTests.screens).first?.contains("mqtt.qos") == true)
        #expect(errors("[mqtt]\nport = 1883\n" + MQTTConfigTests.screens).first?.contains("host") == true)
        #expect(
            errors("[mqtt]\nhost = \"b\"\npassword_file = \"/nonexistent/pw\"\n" + MQTTConfigTests.screens).first?
                .hasPrefix("c.toml:3:1: mqtt.password_file: expected a readable file, found \"/nonexistent/pw\"")
                == true)
    }

    @Test("The password is the file's first line")
    func passwordFile() throws {
        let dir = makeTemporaryDirectory("mqtt-pw")
        try FileIO.writeAtomically(Array("s3cret\n".utf8), to: dir + "/pw")
        let m = try ConfigLoader.parse(
            text: "[mqtt]\nhost = \"b\"\nusername = \"u\"\npassword_file = \"pw\"\n" + MQTTConfigTests.screens,
            file: dir + "/c.toml"
        ).mqtt
        #expect(m?.password == "s3cret" && m?.username == "u")
    }

    @Test("Payloads: numbers and pairs in, everything else refused; values out as the state file has them")
    func payloads() {
        #expect(MQTTBridge.value(of: Array("60".utf8)) == .single(60))
        #expect(MQTTBridge.value(of: Array(" -2.5\n".utf8)) == .single(-2.5))
        #expect(MQTTBridge.value(of: Array("[10, 20]".utf8)) == .pair(10, 20))
        for bad in ["abc", "NaN", "", "[1]", "[1,2,3]", "\"5\"", String(repeating: " ", count: 1100) + "1"] {
            #expect(MQTTBridge.value(of: Array(bad.utf8)) == nil, "\(bad.prefix(20)) must be refused")
        }
        #expect(MQTTBridge.payload(.single(21.5)) == "21.5" && MQTTBridge.payload(.single(60)) == "60")
        #expect(MQTTBridge.payload(.pair(8, 18)) == "[8,18]")
    }
}

/// The `[mqtt]` keys for TLS, the protocol and discovery, and variables bound to topics.
@Suite("MQTT config: TLS, protocol, discovery, bound variables")
struct MQTTConfigMoreTests {
    static let screens = MQTTConfigTests.screens

    func errors(_ text: String, file: String = "c.toml") -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: file); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    func pemDirectory() throws -> String {
        let dir = makeTemporaryDirectory("mqtt-pem")
        try FileIO.writeAtomically(
            Array("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8), to: dir + "/ca.crt")
        try FileIO.writeAtomically(
            Array("-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n".utf8), to: dir + "/client.key")
        try FileIO.writeAtomically(Array("not a certificate\n".utf8), to: dir + "/junk.txt")
        return dir
    }

    @Test(
        "TLS files are taken relative to the config, certificate and key together; protocol 5; discovery on by default")
    func tlsAndProtocol() throws {
        let dir = try pemDirectory()
        let text =
            "[mqtt]\nhost = \"b\"\nca_file = \"ca.crt\"\ncert_file = \"ca.crt\"\nkey_file = \"client.key\"\nprotocol = \"5\"\n"
            + Self.screens
        let m = try #require(try ConfigLoader.parse(text: text, file: dir + "/c.toml").mqtt)
        #expect(
            m.tls
                == MQTTConfig.TLS(
                    caFile: dir + "/ca.crt", certFile: dir + "/ca.crt", keyFile: dir + "/client.key", insecure: false))
        #expect(m.protocolVersion == 5 && m.discovery && m.discoveryPrefix == "homeassistant")
        let plain = try #require(
            try ConfigLoader.parse(text: "[mqtt]\nhost = \"b\"\ndiscovery = false\n" + Self.screens, file: "c.toml")
                .mqtt)
        #expect(plain.tls == nil && plain.protocolVersion == 4 && !plain.discovery)
    }

    @Test(
        "Located errors: unreadable or non-PEM TLS files, a certificate without its key, TLS keys without ca_file, bad protocol and prefix"
    )
    func tlsErrors() throws {
        let dir = try pemDirectory()
        let file = dir + "/c.toml"
        #expect(
            errors("[mqtt]\nhost = \"b\"\nca_file = \"missing.crt\"\n" + Self.screens, file: file).first?
                .hasPrefix("\(file):3:1: mqtt.ca_file: expected a readable file, found \"missing.crt\"") == true)
        #expect(
            errors("[mqtt]\nhost = \"b\"\nca_file = \"junk.txt\"\n" + Self.screens, file: file)
                == [
                    "\(file):3:1: mqtt.ca_file: expected a PEM file (a \"-----BEGIN …\" line), found \"junk.txt\" without one"
                ])
        #expect(
            errors("[mqtt]\nhost = \"b\"\nca_file = \"ca.crt\"\ncert_file = \"ca.crt\"\n" + Self.screens, file: file)
                == ["\(file):4:1: mqtt.cert_file: expected key_file with it (the certificate's key), found none"])
        #expect(
            errors("[mqtt]\nhost = \"b\"\ntls_insecure = true\n" + Self.screens, file: file)
                == [
                    "\(file):3:1: mqtt.tls_insecure: expected ca_file as well (TLS is on when ca_file is set), found tls_insecure alone"
                ])
        #expect(
            errors("[mqtt]\nhost = \"b\"\nprotocol = \"3\"\n" + Self.screens).first?.contains("mqtt.protocol") == true)
        #expect(
            errors("[mqtt]\nhost = \"b\"\ndiscovery_prefix = \"ha/#\"\n" + Self.screens)
                == [
                    "c.toml:3:1: mqtt.discovery_prefix: expected a topic without \"+\", \"#\" or a trailing \"/\", found \"ha/#\""
                ])
    }

    @Test(
        "Bound variables: an exact topic and a dot path; a topic without [mqtt], a wildcard, an empty step are located errors"
    )
    func bindings() throws {
        let vars =
            "[[variables]]\nid = \"outdoor\"\ntopic = \"sensors/out\"\njson = \"main.temps.0\"\n[[variables]]\nid = \"note\"\ntype = \"text\"\ntopic = \"n\"\n"
        let m = try #require(
            try ConfigLoader.parse(text: "[mqtt]\nhost = \"b\"\n" + vars + Self.screens, file: "c.toml").mqtt)
        #expect(
            m.bindings == [
                MQTTConfig.Binding(
                    variable: "outdoor", type: .number, topic: "sensors/out", jsonPath: ["main", "temps", "0"]),
                MQTTConfig.Binding(variable: "note", type: .text, topic: "n", jsonPath: nil),
            ])
        #expect(
            errors(vars + Self.screens).first
                == "c.toml:3:1: variables[id=outdoor].topic: expected an [mqtt] section to subscribe with, found none")
        #expect(
            errors("[mqtt]\nhost = \"b\"\n[[variables]]\nid = \"v\"\ntopic = \"a/+/b\"\n" + Self.screens)
                == ["c.toml:5:1: variables[id=v].topic: expected a topic without \"+\" or \"#\", found \"a/+/b\""])
        #expect(
            errors("[mqtt]\nhost = \"b\"\n[[variables]]\nid = \"v\"\ntopic = \"t\"\njson = \"a..b\"\n" + Self.screens)
                .first?
                .hasPrefix("c.toml:6:1: variables[id=v].json: expected a dot path") == true)
    }

    @Test(
        "Bound payloads: numbers, numeric text, JSON fields and array indexes in; everything malformed refused with its reason"
    )
    func boundPayloads() {
        let number = MQTTConfig.Binding(variable: "t", type: .number, topic: "x", jsonPath: nil)
        let field = MQTTConfig.Binding(variable: "t", type: .number, topic: "x", jsonPath: ["a", "b", "1"])
        let text = MQTTConfig.Binding(variable: "n", type: .text, topic: "x", jsonPath: nil)
        func value(_ s: String, _ b: MQTTConfig.Binding) -> JSON? {
            try? MQTTBridge.variableValue(Array(s.utf8), for: b).get()
        }
        func refusal(_ s: String, _ b: MQTTConfig.Binding) -> String? {
            if case .failure(let r) = MQTTBridge.variableValue(Array(s.utf8), for: b) { return r.kind }; return nil
        }
        #expect(
            value("21.5", number) == .number(21.5) && value(" 7\n", number) == .number(7)
                && value("\"-3\"", number) == .number(-3))
        #expect(value("{\"a\": {\"b\": [1, 2.5]}}", field) == .number(2.5))
        #expect(value("{\"a\": {\"b\": [1, \"4\"]}}", field) == .number(4))
        #expect(value("Frost {tonight}", text) == .string("Frost {tonight}") && value("12", text) == .string("12"))
        #expect(
            refusal("NaN", number) == "number" && refusal("warm", number) == "number" && refusal("", number) == "number"
        )
        #expect(refusal("1e999", number) == "number" && refusal("[1]", number) == "number")
        // The documented number grammar (NumberText), as a whole payload and as a JSON string field.
        for (text, expected) in [("1e3", 1000.0), (" 12 ", 12), ("+5", 5), ("-0.5", -0.5), ("2.5E-1", 0.25)] {
            #expect(value(text, number) == .number(expected), "\(text)")
            #expect(value("{\"a\": {\"b\": [0, \"\(text)\"]}}", field) == .number(expected), "\(text)")
        }
        for text in ["0x1A", "inf", "-inf", "nan", "Infinity", "1_000", ".5", "5.", "007", "+-5", "12 °C"] {
            #expect(refusal(text, number) == "number", "\(text)")
            #expect(refusal("{\"a\": {\"b\": [0, \"\(text)\"]}}", field) == "number", "\(text)")
        }
        #expect(refusal("{\"a\": {\"b\": [1]}}", field) == "field" && refusal("{\"a\": 1}", field) == "field")
        #expect(refusal("{\"a\": ", field) == "json" && refusal("{\"a\": {\"b\": [1, null]}}", field) == "number")
        #expect(refusal(String(repeating: "1", count: MQTTBridge.maximumBoundPayloadBytes + 1), number) == "long")
    }
}

/// The Home Assistant discovery payloads as built, without a broker.
@Suite("Home Assistant discovery payloads")
struct HADiscoveryTests {
    @Test("Entities per kind, object ids made safe, options unique, nothing for value-less kinds")
    func entities() throws {
        let text = """
            [mqtt]
            host = "b"
            base_topic = "tw/p"
            client_id = "panel one"
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "circular-slider"
              id = "dial"
              frame = [0, 0, 100, 100]
              min = 5
              max = 35
              [[screens.controls]]
              kind = "choice"
              id = "mode"
              options = ["A", "A", ""]
              frame = [100, 0, 200, 40]
              [[screens.controls]]
              kind = "label"
              id = "caption"
              text = "hi"
              frame = [100, 50, 200, 40]
            """
        let config = try ConfigLoader.parse(text: text, file: "c.toml")
        let d = HADiscovery(config: try #require(config.mqtt))
        #expect(d.nodeID == "panel_one")
        let messages = d.messages(for: config.allControls)
        #expect(
            messages.map(\.topic) == [
                "homeassistant/number/panel_one/dial/config", "homeassistant/select/panel_one/mode/config",
            ])
        let dial = try #require(JSON.parse(Array(messages[0].payload.utf8)))
        #expect(
            dial["min"] == .number(5) && dial["max"] == .number(35) && dial["command_topic"] == .string("tw/p/dial/set")
                && dial["state_topic"] == .string("tw/p/dial/state") && dial["unique_id"] == .string("panel_one_dial"))
        let mode = try #require(JSON.parse(Array(messages[1].payload.utf8)))
        #expect(mode["options"] == .array([.string("A"), .string("A 1"), .string("2")]))
        #expect(mode["value_template"] == .string("{{ [\"A\",\"A 1\",\"2\"][value | int] }}"))
    }
}

@Suite("MQTT config: topics the kiosk reads itself cannot be bound")
struct MQTTOwnTopicConfigTests {
    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    static let head = "[mqtt]\nhost = \"b\"\nbase_topic = \"tw/p\"\n"
    static let screen =
        "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"dial\"\n  frame = [0, 0, 100, 100]\n"

    @Test("A variable on <base>/<id>/set (or a key's set, or the discovery list) is a located error")
    func variableOnOwnCommandTopic() {
        #expect(
            errors(Self.head + "[[variables]]\nid = \"v\"\ntopic = \"tw/p/dial/set\"\n" + Self.screen)
                == [
                    "c.toml:6:1: variables[id=v].topic: expected a topic the kiosk does not read itself, found \"tw/p/dial/set\": the command topic of dial (base_topic/<id>/set)"
                ])
        #expect(
            errors(Self.head + "[[variables]]\nid = \"v\"\ntopic = \"tw/p/dial/readout/set\"\n" + Self.screen).first?
                .contains("the command topic of dial/readout") == true)
        #expect(
            errors(Self.head + "[[variables]]\nid = \"v\"\ntopic = \"tw/p/discovery\"\n" + Self.screen).first?
                .contains("the kiosk's list of discovery configs") == true)
        // What the kiosk only publishes, or another base's commands, may be read.
        #expect(errors(Self.head + "[[variables]]\nid = \"v\"\ntopic = \"tw/p/dial/state\"\n" + Self.screen) == [])
        #expect(errors(Self.head + "[[variables]]\nid = \"v\"\ntopic = \"tw/other/dial/set\"\n" + Self.screen) == [])
    }

    @Test("A device's state or availability topic on <base>/<id>/set is a located error too")
    func deviceStateOnOwnCommandTopic() {
        let element = Self.screen + "  mqtt = { state_topic = \"tw/p/dial/set\" }\n"
        #expect(
            errors(Self.head + element) == [
                "c.toml:10:12: screens[id=main].controls[id=dial].mqtt.state_topic: expected a topic the kiosk does not read itself, found \"tw/p/dial/set\": the command topic of dial (base_topic/<id>/set)"
            ])
    }
}
