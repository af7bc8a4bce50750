import CLinux
import Glibc

/// Work that would hold the loop (a blocking call, a parse of megabytes) done on a short-lived thread of
/// its own, its result handed back to the loop through an eventfd: the panel keeps drawing and
/// answering meanwhile. The completion is called once, on a later turn of the loop, never inside the
/// initializer. Where no eventfd or thread can be had, `fallback` (told why) gives the result instead,
/// on the next turn.
///
/// `cancel` (or dropping the work) stops the result from being delivered; a running thread cannot be
/// stopped, so it finishes and its result is dropped.
public final class OffLoopWork<Output> {
    private let loop: EventLoop
    private var shared: OffLoopShared<Output>?
    private var completion: ((Output) -> Void)?

    /// Runs `work` on a thread with a stack of `stackSize` bytes; `completion` gets its result on a
    /// later turn of `loop`.
    public init(
        loop: EventLoop, stackSize: Int, work: @escaping () -> Output, fallback: @escaping (String) -> Output,
        completion: @escaping (Output) -> Void
    ) {
        self.loop = loop
        self.completion = completion
        guard let shared = OffLoopShared(work) else {
            let why = "no eventfd (\(String(cString: strerror(errno))))"
            deliverLater { fallback(why) }
            return
        }
        self.shared = shared
        loop.add(fd: shared.fd) { [weak self] _ in self?.answered() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        defer { pthread_attr_destroy(&attributes) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared as OffLoopJob).toOpaque()
        let started = pthread_create(
            &thread, &attributes,
            { context in
                // A C function cannot name the generic type: it runs the job through its base class.
                Unmanaged<OffLoopJob>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        if started != 0 {
            Unmanaged<OffLoopJob>.fromOpaque(context).release()
            loop.remove(fd: shared.fd)
            self.shared = nil
            let why = "no thread (\(String(cString: strerror(started))))"
            deliverLater { fallback(why) }
        }
    }

    /// `output` delivered on the loop's next turn, with no thread (an answer known at once).
    public init(loop: EventLoop, ready output: Output, completion: @escaping (Output) -> Void) {
        self.loop = loop
        self.completion = completion
        deliverLater { output }
    }

    deinit { cancel() }

    /// Whether the result is still awaited.
    public var isPending: Bool { completion != nil }

    /// Stops waiting: the completion is not called.
    public func cancel() {
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

    private func deliver(_ result: Output) {
        guard let completion else { return }
        self.completion = nil
        completion(result)
    }

    /// Delivers what `make` gives on a later turn of the loop.
    private func deliverLater(_ make: @escaping () -> Output) {
        loop.post { [weak self] in self?.deliver(make()) }
    }
}

/// What the thread and the loop share: the work, the result under a mutex, and the eventfd that
/// says it is there. Freed when both are done with it (the eventfd closed then, so the thread
/// never writes to a descriptor that was reused).
private final class OffLoopShared<Output>: OffLoopJob, @unchecked Sendable {
    let fd: Int32
    private var work: (() -> Output)?
    private var mutex = pthread_mutex_t()
    private var result: Output?

    init?(_ work: @escaping () -> Output) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.work = work
        super.init()
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
        close(fd)
    }

    override func run() {
        let output = work?()
        work = nil  // what it captured (a large text) goes with the thread's part
        pthread_mutex_lock(&mutex)
        result = output
        pthread_mutex_unlock(&mutex)
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    func take() -> Output? {
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return result
    }
}

/// What the thread runs, without the generic type a C function cannot name.
private class OffLoopJob: @unchecked Sendable {
    func run() {}
}
