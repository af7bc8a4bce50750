import CLinux
import Glibc

/// The kernel's device events (uevents, from a NETLINK_KOBJECT_UEVENT socket), filtered to changes of
/// DRM devices: the kernel sends one (with HOTPLUG=1) when a panel's cable is plugged in or pulled out;
/// `echo change > /sys/class/drm/card0/uevent` sends one by hand. Unprivileged processes may listen;
/// no udev daemon or library is needed.
public final class HotplugMonitor {
    /// Watch for readability, then call `drainHotplugs()`.
    public let fd: Int32

    /// Opens and binds the socket (non-blocking).
    public init() throws {
        let s = socket(
            AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            NETLINK_KOBJECT_UEVENT)
        guard s >= 0 else { throw DisplayError.systemCall(device: "uevent socket", call: "socket", errno: errno) }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups = 1  // the kernel's own events (udev re-broadcasts on group 2)
        let r = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(s, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard r == 0 else {
            let e = errno
            close(s)
            throw DisplayError.systemCall(device: "uevent socket", call: "bind", errno: e)
        }
        fd = s
    }

    deinit { close(fd) }

    /// Reads every waiting event; true when at least one was a change of a DRM device.
    public func drainHotplugs() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var hotplug = false
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            if HotplugMonitor.isDRMChange(buffer[0..<n]) { hotplug = true }
        }
        return hotplug
    }

    /// Whether one uevent message ("ACTION@DEVPATH" then NUL-separated KEY=VALUE fields) is a change
    /// of a DRM device (SUBSYSTEM=drm, ACTION=change), hotplug or not: checking the connector is cheap,
    /// so any change is reason enough.
    public static func isDRMChange<C: Collection>(_ message: C) -> Bool where C.Element == UInt8 {
        let fields = message.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return fields.contains("SUBSYSTEM=drm") && fields.contains("ACTION=change")
    }
}

/// What a display found when asked about its connector after a hotplug event.
public enum ConnectorChange: Equatable, Sendable {
    /// Nothing that matters to the picture.
    case unchanged
    /// The panel in use is no longer connected.
    case disconnected
    /// It is connected again and still offers the mode in use: the mode is set again with the next
    /// present, which should repaint everything.
    case reconnected
    /// It is connected but no longer offers the mode in use (another panel): `offered` lists what it
    /// offers. The kiosk restarts to lay out for it.
    case modeGone(offered: String)
}

extension ConnectorChange {
    /// The change a hotplug check reports: whether the panel was there at the last check, is there
    /// now, and still offers the mode in use (`offered`: the modes it offers, for the message).
    static func after(wasPresent: Bool, isPresent: Bool, offersModeInUse: Bool, offered: String) -> ConnectorChange {
        guard isPresent else { return wasPresent ? .disconnected : .unchanged }
        guard offersModeInUse else { return .modeGone(offered: offered) }
        return wasPresent ? .unchanged : .reconnected
    }
}

extension DisplayOutput {
    /// Outputs without connectors (fbdev, headless) see no change.
    public func checkConnector() throws -> ConnectorChange { .unchanged }
}
