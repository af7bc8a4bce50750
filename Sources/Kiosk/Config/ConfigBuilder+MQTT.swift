import ConfigModel
import Glibc

/// `[mqtt]`: the broker, the topics and the credentials, typed and checked.
public struct MQTTConfig: Sendable {
    public var host = ""
    public var port = 1883
    /// Every topic starts with it; never a wildcard.
    public var baseTopic = "thumbwheel/" + MQTTConfig.hostname
    /// Stable per device, so a broker recognises the kiosk across restarts.
    public var clientID = "thumbwheel-" + MQTTConfig.hostname
    public var keepalive = 30
    public var qos = 1
    public var username: String?
    /// Read from `password_file` at load; never logged.
    public var password: String?

    /// This machine's host name ("localhost" when it has none).
    public static var hostname: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

extension ConfigBuilder {
    mutating func mqtt(_ t: ConfigTable) -> MQTTConfig {
        var m = MQTTConfig()
        m.host = t.string("host") ?? ""
        m.port = t.int("port") ?? m.port
        m.keepalive = t.int("keepalive") ?? m.keepalive
        m.qos = t.int("qos") ?? m.qos
        m.clientID = t.string("client_id") ?? m.clientID
        m.username = t.string("username")
        if let base = t.string("base_topic") {
            // Wildcards would make the kiosk publish where nobody can subscribe precisely, and `set` match too much.
            // Characters, not substrings: a String argument picks Foundation's contains(_:), which
            // links the ICU data (34 MB) into the static binary.
            if base.isEmpty || base.contains(where: { $0 == "+" || $0 == "#" }) || base.hasSuffix("/") {
                fail(t, "base_topic", "expected a topic without \"+\", \"#\" or a trailing \"/\", found \"\(base)\"")
            }
            m.baseTopic = base
        }
        if let path = t.string("password_file") {
            let full = path.hasPrefix("/") ? path : FileIO.directory(of: file) + "/" + path
            if let bytes = FileIO.read(full) {
                // The first line: a file written with `echo` ends in a newline that is not part of the password.
                m.password = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            } else {
                fail(t, "password_file", "expected a readable file, found \"\(path)\" (\(full): \(String(cString: strerror(errno))))")
            }
        }
        return m
    }
}
