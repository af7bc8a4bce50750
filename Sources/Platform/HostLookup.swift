import CLinux
import Glibc

/// A host name looked up off the loop: getaddrinfo runs on a short-lived thread of its own (it blocks
/// for as long as the resolver takes: seconds for a name server that does not answer), and the
/// addresses come back to the loop through an eventfd, so the panel keeps drawing and answering
/// meanwhile. A numeric address is turned into its sockaddr at once, without a thread.
///
/// `cancel` (or dropping the lookup) stops the answer from being delivered; a thread blocked in
/// getaddrinfo cannot be stopped, so it ends when the resolver gives up (its own timeout) and its
/// answer is dropped. The owner bounds the wait with its own connect timeout.
public final class HostLookup {
    /// One address to connect to: the family and the sockaddr's bytes.
    public typealias Candidate = (family: Int32, address: [UInt8])

    /// Why a name gave no address, in words for the log.
    public struct Failure: Error, Sendable {
        public let message: String
        init(_ message: String) { self.message = message }
    }

    private var work: OffLoopWork<Result<[Candidate], Failure>>?

    /// Looks `host` up for `port` (TCP); `completion` is called once, on a later turn of `loop` (never
    /// inside this initializer), with the addresses in the resolver's order or why there are none.
    public init(host: String, port: Int, loop: EventLoop, completion: @escaping (Result<[Candidate], Failure>) -> Void)
    {
        // A numeric address needs no resolver: answered on the next turn, with no thread.
        if case .success(let numeric) = HostLookup.resolve(host, String(port), flags: AI_NUMERICHOST) {
            work = OffLoopWork(loop: loop, ready: .success(numeric), completion: completion)
            return
        }
        // A small stack: getaddrinfo needs little, and a thread may outlive its lookup for a while.
        work = OffLoopWork(
            loop: loop, stackSize: 256 * 1024, work: { HostLookup.resolve(host, String(port), flags: 0) },
            fallback: { why in .failure(Failure("cannot resolve \(host): \(why)")) }, completion: completion)
    }

    deinit { cancel() }

    /// Whether the answer is still awaited.
    public var isPending: Bool { work?.isPending ?? false }

    /// Stops waiting: the completion is not called.
    public func cancel() { work?.cancel() }

    /// `host` when it is a numeric IPv4 or IPv6 address (no lookup needed), else nil.
    public static func numericAddress(_ host: String) -> String? {
        guard case .success = resolve(host, "0", flags: AI_NUMERICHOST) else { return nil }
        return host
    }

    /// A candidate's address as text (`192.0.2.1`, `::1`), for a library that takes a host string.
    public static func numericText(_ candidate: Candidate) -> String? {
        let offset: Int, length: Int
        switch candidate.family {
        case AF_INET: (offset, length) = (4, 4)  // sockaddr_in: family, port, then the address
        case AF_INET6: (offset, length) = (8, 16)  // sockaddr_in6: family, port, flow info, then the address
        default: return nil
        }
        guard candidate.address.count >= offset + length else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let ok = Array(candidate.address[offset..<(offset + length)]).withUnsafeBytes {
            inet_ntop(candidate.family, $0.baseAddress, &text, socklen_t(text.count)) != nil
        }
        return ok ? String(cString: text) : nil
    }

    /// getaddrinfo for a TCP connection to `host`, as candidates or why not (`flags`: AI_NUMERICHOST
    /// to accept only a numeric address).
    static func resolve(_ host: String, _ port: String, flags: Int32) -> Result<[Candidate], Failure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = flags
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, port, &hints, &list)
        guard rc == 0, list != nil else {
            return .failure(Failure("cannot resolve \(host): \(String(cString: gai_strerror(rc)))"))
        }
        defer { freeaddrinfo(list) }
        var found: [Candidate] = []
        var entry = list
        while let e = entry {
            found.append(
                (
                    e.pointee.ai_family,
                    Array(UnsafeRawBufferPointer(start: e.pointee.ai_addr, count: Int(e.pointee.ai_addrlen)))
                )
            )
            entry = e.pointee.ai_next
        }
        return .success(found)
    }
}
