import CLinux
import Glibc

/// sd_notify without libsystemd: one datagram to `$NOTIFY_SOCKET` (a leading `@` is the abstract
/// namespace). Outside systemd the variable is unset and every call does nothing.
public struct SystemdNotify {
    private let address: String?
    /// The watchdog interval systemd asked for (`$WATCHDOG_USEC`), nil when the watchdog is off.
    public let watchdogInterval: Double?

    public init(environment: [String: String] = SystemdNotify.processEnvironment()) {
        address = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
            environment["WATCHDOG_PID"].map({ Int32($0) == getpid() }) ?? true
        {
            watchdogInterval = usec / 1_000_000
        } else {
            watchdogInterval = nil
        }
    }

    public var isActive: Bool { address != nil }

    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    public func watchdog() { send("WATCHDOG=1") }
    public func reloading() { send("RELOADING=1") }
    public func stopping() { send("STOPPING=1") }
    public func status(_ text: String) { send("STATUS=\(text)") }

    /// Sends one notification; failures are ignored (systemd may not be listening).
    public func send(_ message: String) {
        guard let address else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(address.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard pathBytes.count < capacity else { return }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in pathBytes.enumerated() { raw[i] = b }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count + (pathBytes.first == 0 ? 0 : 1))
        _ = message.withCString { text in
            withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
    }

    /// The process environment as a dictionary.
    public static func processEnvironment() -> [String: String] {
        var env: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return env
    }
}
