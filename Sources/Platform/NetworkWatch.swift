import CLinux
import Glibc

/// Hears the kernel say the network may be back — an interface going up, an address or a route added
/// (what a Wi-Fi reconnect, a DHCP lease or a cable plugged in makes) — from a NETLINK_ROUTE socket, so
/// a client waiting out its reconnect backoff tries again at once. Unprivileged processes may listen;
/// no network manager is needed. The events are per network namespace, like the sockets they concern.
public final class NetworkWatch {
    private let fd: Int32
    private let loop: EventLoop
    private let changed: () -> Void
    /// One buffer for every read: an event allocates nothing.
    private var buffer = [UInt8](repeating: 0, count: 8192)

    /// Opens the socket and registers it in `loop`; `changed` runs once per batch of events that may
    /// mean the network is back. Nil when the kernel gives no such socket (the client then only has its
    /// backoff).
    public init?(loop: EventLoop, _ changed: @escaping () -> Void) {
        let s = socket(
            AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
            NETLINK_ROUTE)
        guard s >= 0 else { return nil }
        var address = sockaddr_nl()
        address.nl_family = sa_family_t(AF_NETLINK)
        address.nl_groups =
            UInt32(RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV6_IFADDR | RTMGRP_IPV4_ROUTE)
            | UInt32(RTMGRP_IPV6_ROUTE)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(s, $0, socklen_t(MemoryLayout<sockaddr_nl>.size))
            }
        }
        guard bound == 0 else {
            close(s)
            return nil
        }
        fd = s
        self.loop = loop
        self.changed = changed
        loop.add(fd: s) { [unowned self] _ in self.drain() }
    }

    deinit {
        loop.remove(fd: fd)
        close(fd)
    }

    private func drain() {
        var back = false
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                // ENOBUFS: the kernel dropped events for want of room; what they said is unknown, so they
                // may have been the one that matters.
                if errno == ENOBUFS { back = true; continue }
                break
            }
            if n == 0 { break }
            if NetworkWatch.mayBeBack(buffer[0..<n]) { back = true }
        }
        if back { changed() }
    }

    /// Whether a datagram of netlink messages holds one that may mean the network is back: an address or
    /// a route added, or an interface that is up and running.
    public static func mayBeBack(_ datagram: ArraySlice<UInt8>) -> Bool {
        let header = MemoryLayout<nlmsghdr>.size
        var at = datagram.startIndex
        while datagram.endIndex - at >= header {
            let length = Int(read32(datagram, at))
            let type = Int32(read16(datagram, at + 4))
            guard length >= header, length <= datagram.endIndex - at else { return false }
            switch type {
            case Int32(RTM_NEWADDR), Int32(RTM_NEWROUTE): return true
            case Int32(RTM_NEWLINK):
                // struct ifinfomsg after the header: family, pad, type (2), index (4), flags (4), change (4).
                let flagsAt = at + header + 8
                if flagsAt + 4 <= at + length {
                    let flags = read32(datagram, flagsAt)
                    let upAndRunning = UInt32(IFF_UP) | UInt32(IFF_RUNNING)
                    if flags & upAndRunning == upAndRunning { return true }
                }
            default: break
            }
            at += (length + 3) & ~3  // NLMSG_ALIGN
        }
        return false
    }

    /// Netlink's fields are in the host's byte order.
    private static func read32(_ d: ArraySlice<UInt8>, _ i: Int) -> UInt32 {
        d.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i - d.startIndex, as: UInt32.self) }
    }

    private static func read16(_ d: ArraySlice<UInt8>, _ i: Int) -> UInt16 {
        d.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: i - d.startIndex, as: UInt16.self) }
    }
}
