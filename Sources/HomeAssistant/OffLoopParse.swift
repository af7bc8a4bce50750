import CLinux
import Formats
import Glibc
import Platform

/// One large text message from HA parsed as JSON on a short-lived thread of its own, the result handed
/// back to the loop through an eventfd: a parse of megabytes would otherwise hold touches, frames and
/// other clients for its whole length (the per-turn budget cannot split one message). The client
/// pauses its connection meanwhile, so messages keep their order and nothing piles up.
final class OffLoopParse {
    /// What the thread and the loop share: the text, the result under a mutex, the eventfd that says
    /// it is there. Freed when both are done with it (the eventfd closed then, never reused under
    /// the thread).
    private final class Shared: @unchecked Sendable {
        let fd: Int32
        private var text: [UInt8]
        private var mutex = pthread_mutex_t()
        private var result: [JSON]??

        init?(_ text: [UInt8]) {
            let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
            guard fd >= 0 else { return nil }
            self.fd = fd
            self.text = text
            pthread_mutex_init(&mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(&mutex)
            close(fd)
        }

        func parse() {
            let parsed = HAMessage.messages(text)
            text = []
            pthread_mutex_lock(&mutex)
            result = .some(parsed)
            pthread_mutex_unlock(&mutex)
            var one: UInt64 = 1
            _ = write(fd, &one, 8)
        }

        func take() -> [JSON]?? {
            var count: UInt64 = 0
            _ = read(fd, &count, 8)
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return result
        }
    }

    private let loop: EventLoop
    private var shared: Shared?
    private var completion: (([JSON]?) -> Void)?

    /// Parses `text` off the loop; `completion` gets its messages (nil: not JSON) on a later turn, never
    /// inside this initializer. Where no thread can be had, the text is parsed on the next turn.
    init(_ text: [UInt8], loop: EventLoop, completion: @escaping ([JSON]?) -> Void) {
        self.loop = loop
        self.completion = completion
        guard let shared = Shared(text) else {
            later { HAMessage.messages(text) }
            return
        }
        self.shared = shared
        loop.add(fd: shared.fd) { [weak self] _ in self?.answered() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The parser recurses once per level of nesting, which the reader bounds: 8 MiB is ample.
        pthread_attr_setstacksize(&attributes, 8 << 20)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue().parse()
                return nil
            }, context)
        if started != 0 {
            Unmanaged<Shared>.fromOpaque(context).release()
            loop.remove(fd: shared.fd)
            self.shared = nil
            later { HAMessage.messages(text) }
        }
    }

    deinit { cancel() }

    /// Stops waiting: the completion is not called (the thread finishes and its result is dropped).
    func cancel() {
        completion = nil
        if let shared { loop.remove(fd: shared.fd) }
        shared = nil
    }

    private func answered() {
        guard let shared, let result = shared.take() else { return }
        loop.remove(fd: shared.fd)
        self.shared = nil
        deliver(result)
    }

    private func deliver(_ result: [JSON]?) {
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }

    /// Parses on the loop's next turn (through a one-shot eventfd): the fallback without a thread.
    private func later(_ parse: @escaping () -> [JSON]?) {
        let fd = eventfd(1, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { deliver(parse()); return }
        loop.add(fd: fd) { [weak self, loop] _ in
            loop.remove(fd: fd)
            close(fd)
            self?.deliver(parse())
        }
    }
}
