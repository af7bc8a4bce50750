import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A broker that wants a password, and one that speaks only TLS with certificates this test makes
/// with openssl: the right settings connect, wrong ones leave the kiosk running, say so once and retry.
@Suite("MQTT: passwords and TLS against a real broker", .serialized)
struct MQTTSecurityTests {
    static let base = "tw/secure"

    /// `[mqtt]` for a kiosk of this suite; `more` adds keys (credentials, TLS files).
    static func section(port: Int, client: String, _ more: String) -> String {
        "[mqtt]\nhost = \"127.0.0.1\"\nport = \(port)\nbase_topic = \"\(base)\"\nclient_id = \"\(client)-\(getpid())\"\nkeepalive = 5\n"
            + more
    }

    @Test(
        "Password file: the right password connects; a wrong one gives one clear line, retries, and never shows the password"
    )
    func password() throws {
        let dir = makeTemporaryDirectory("mqtt-passwd")
        let passwd = dir + "/passwd"
        let made = runTool(
            try MosquittoBroker.tool("mosquitto_passwd"), ["-c", "-b", passwd, "panel", "right-horse-battery"])
        try #require(made?.status == 0, "mosquitto_passwd: \(made?.err ?? "not run")")
        try FileIO.writeAtomically(Array("right-horse-battery\n".utf8), to: dir + "/right")
        try FileIO.writeAtomically(Array("wrong-staple-9\n".utf8), to: dir + "/wrong")
        let broker = try MosquittoBroker(
            name: "mqtt-passwd-broker", listenerOptions: "allow_anonymous false\npassword_file \(passwd)\n",
            clientArgs: ["-u", "panel", "-P", "right-horse-battery"])

        let good = try #require(
            KioskProcess(
                name: "mqtt-passwd-good",
                extraScreens: MQTTSecurityTests.section(
                    port: broker.port, client: "good",
                    "username = \"panel\"\npassword_file = \"\(dir)/right\"\ndiscovery = false\n")))
        #expect(try broker.wait("\(MQTTSecurityTests.base)/dial/state", for: "25") == "25")

        let bad = try #require(
            KioskProcess(
                name: "mqtt-passwd-bad",
                extraScreens: MQTTSecurityTests.section(
                    port: broker.port, client: "bad",
                    "username = \"panel\"\npassword_file = \"\(dir)/wrong\"\ndiscovery = false\n")))
        // The first retry comes within 0.5 s, the second within 1 s more: three refusals within 4 s.
        usleep(4_000_000)
        let refusals = bad.logLines(containing: "refused")
        #expect(refusals.count == 1, "one line for a login that keeps failing, found:\n\(bad.log)")
        #expect(
            refusals.first?.contains("not authorised") == true
                && refusals.first?.contains("check [mqtt] username and password_file") == true)
        let brokerLog = FileIO.read(broker.dir + "/broker.log").map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(
            brokerLog.split(separator: "\n").filter { $0.contains("<unknown> disconnected, not authorised") }.count
                >= 2,
            "the kiosk retries:\n\(brokerLog)")
        let s = bad.mqttStats
        #expect(s?.state != "connected" && s?.reconnects == 0 && s?.lastError?.contains("refused") == true)
        #expect(good.mqttStats?.state == "connected")
        // Said on screen as well: the banner's red dot (issue 43: a refusal was in the log only).
        #expect(try bad.screenshotBitmap().map(OfflineMQTTProcessTests.dots) ?? 0 > 10, "the banner: \(bad.dir)")
        #expect(try good.screenshotBitmap().map(OfflineMQTTProcessTests.dots) == 0, "no banner on the good one")
        for kiosk in [good, bad] {
            #expect(
                !kiosk.log.contains("right-horse-battery") && !kiosk.log.contains("wrong-staple-9"),
                "a password in the log")
        }
        // Still running and answering while its broker turns it away.
        #expect(
            bad.request("{\"cmd\":\"set\",\"id\":\"dial\",\"value\":40}")
                == "{\"id\":\"dial\",\"ok\":true,\"value\":40}")
    }

    /// A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl in `dir`.
    static func makeCertificates(in dir: String) throws {
        let openssl = try MosquittoBroker.tool("openssl")
        func run(_ args: [String]) throws {
            let r = runTool(openssl, args)
            guard r?.status == 0 else { throw BrokerError("openssl \(args.first ?? ""): \(r?.err ?? "not run")") }
        }
        try FileIO.writeAtomically(Array("subjectAltName=IP:127.0.0.1,DNS:localhost\n".utf8), to: dir + "/san.ext")
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "otherca"] {
            try run(
                ["req", "-x509"] + ec + [
                    "-keyout", "\(dir)/\(ca).key", "-out", "\(dir)/\(ca).crt", "-days", "2", "-subj",
                    "/CN=Thumbwheel test \(ca)",
                ])
        }
        for (name, ext) in [("server", ["-extfile", dir + "/san.ext"]), ("client", [])] {
            try run(
                ["req"] + ec + ["-keyout", "\(dir)/\(name).key", "-out", "\(dir)/\(name).csr", "-subj", "/CN=\(name)"])
            try run(
                [
                    "x509", "-req", "-in", "\(dir)/\(name).csr", "-CA", "\(dir)/ca.crt", "-CAkey", "\(dir)/ca.key",
                    "-CAcreateserial",
                    "-out", "\(dir)/\(name).crt", "-days", "2",
                ] + ext)
        }
    }

    @Test(
        "TLS with a client certificate: the kiosk publishes over it; a broker signed by another CA is retried, logged once"
    )
    func tls() throws {
        let dir = makeTemporaryDirectory("mqtt-tls")
        try MQTTSecurityTests.makeCertificates(in: dir)
        let broker = try MosquittoBroker(
            name: "mqtt-tls-broker",
            listenerOptions:
                "cafile \(dir)/ca.crt\ncertfile \(dir)/server.crt\nkeyfile \(dir)/server.key\nrequire_certificate true\nallow_anonymous true\n",
            clientArgs: ["--cafile", "\(dir)/ca.crt", "--cert", "\(dir)/client.crt", "--key", "\(dir)/client.key"])
        let files =
            "ca_file = \"\(dir)/ca.crt\"\ncert_file = \"\(dir)/client.crt\"\nkey_file = \"\(dir)/client.key\"\ndiscovery = false\n"
        let good = try #require(
            KioskProcess(
                name: "mqtt-tls-good", extraScreens: MQTTSecurityTests.section(port: broker.port, client: "tls", files))
        )
        #expect(try broker.wait("\(MQTTSecurityTests.base)/dial/state", for: "25") == "25")
        try broker.publish("\(MQTTSecurityTests.base)/dial/set", "61")
        #expect(try broker.wait("\(MQTTSecurityTests.base)/dial/state", for: "61") == "61")

        let wrong =
            "ca_file = \"\(dir)/otherca.crt\"\ncert_file = \"\(dir)/client.crt\"\nkey_file = \"\(dir)/client.key\"\ndiscovery = false\nprotocol = \"5\"\n"
        let mismatch = try #require(
            KioskProcess(
                name: "mqtt-tls-wrong",
                extraScreens: MQTTSecurityTests.section(port: broker.port, client: "tlsbad", wrong)))
        usleep(4_000_000)
        let failures = mismatch.logLines(containing: "cannot connect")
        #expect(failures.count == 1, "one line for a TLS mismatch that persists, found:\n\(mismatch.log)")
        #expect(failures.first?.contains("TLS") == true && failures.first?.contains("ca_file") == true)
        #expect(mismatch.mqttStats?.state != "connected")
        #expect(mismatch.request("{\"cmd\":\"get\",\"id\":\"dial\"}") == "{\"id\":\"dial\",\"ok\":true,\"value\":25}")
        #expect(good.mqttStats?.state == "connected")
    }
}
