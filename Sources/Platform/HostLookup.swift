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

    /// What the thread and the loop share: the answer, under a mutex, and the eventfd that says it is
    /// there. Freed when both are done with it (the eventfd closed then, so the thread never writes
    /// to a descriptor that was reused).
    private final class Shared: @unchecked Sendable {
        let host: String
        let port: String
        let fd: Int32
        private var mutex = pthread_mutex_t()
        private var answer: Result<[Candidate], Failure>?

        init?(host: String, port: String) {
            let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            guard fd >= 0 else { return nil }
            self.host = host; self.port = port; self.fd = fd
            pthread_mutex_init(&mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(&mutex)
            close(fd)
        }

        func resolve() {
            let result = HostLookup.resolve(host, port, flags: 0)
            pthread_mutex_lock(&mutex)
            answer = result
            pthread_mutex_unlock(&mutex)
            var one: UInt64 = 1
            _ = write(fd, &one, 8)
        }

        func take() -> Result<[Candidate], Failure>? {
            var count: UInt64 = 0
            _ = read(fd, &count, 8)
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return answer
        }
    }

    private let loop: EventLoop
    private var shared: Shared?
    private var completion: ((Result<[Candidate], Failure>) -> Void)?

    /// Looks `host` up for `port` (TCP); `completion` is called once, on a later turn of `loop` (never
    /// inside this initializer), with the addresses in the resolver's order or why there are none.
    public init(host: String, port: Int, loop: EventLoop, completion: @escaping (Result<[Candidate], Failure>) -> Void)
    {
        self.loop = loop
        self.completion = completion
        // A numeric address needs no resolver: answered on the next turn, with no thread.
        if case .success(let numeric) = HostLookup.resolve(host, String(port), flags: AI_NUMERICHOST) {
            deliverLater(.success(numeric))
            return
        }
        guard let shared = Shared(host: host, port: String(port)) else {
            deliverLater(.failure(Failure("cannot resolve \(host): no eventfd (\(String(cString: strerror(errno))))")))
            return
        }
        self.shared = shared
        loop.add(fd: shared.fd) { [weak self] _ in self?.answered() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // A small stack: getaddrinfo needs little, and a thread may outlive its lookup for a while.
        pthread_attr_setstacksize(&attributes, 256 * 1024)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
                shared.resolve()
                return nil
            }, context)
        if started != 0 {
            Unmanaged<Shared>.fromOpaque(context).release()
            loop.remove(fd: shared.fd)
            self.shared = nil
            deliverLater(
                .failure(
                    Failure("cannot resolve \(host): no thread for the lookup (\(String(cString: strerror(started))))"))
            )
        }
    }

    deinit { cancel() }

    /// Whether the answer is still awaited.
    public var isPending: Bool { completion != nil }

    /// Stops waiting: the completion is not called.
    public func cancel() {
        completion = nil
        if let shared { loop.remove(fd: shared.fd) }
        shared = nil
    }

    private func answered() {
        guard let shared, let answer = shared.take() else { return }
        loop.remove(fd: shared.fd)
        self.shared = nil
        deliver(answer)
    }

    private func deliver(_ answer: Result<[Candidate], Failure>) {
        guard let completion else { return }
        self.completion = nil
        completion(answer)
    }

    /// Delivers on a later turn of the loop, through a one-shot eventfd.
    private func deliverLater(_ answer: Result<[Candidate], Failure>) {
        let fd = eventfd(1, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { deliver(answer); return }
        loop.add(fd: fd) { [weak self, loop] _ in
            loop.remove(fd: fd)
            close(fd)
            self?.deliver(answer)
        }
    }

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
