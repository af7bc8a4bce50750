import Glibc

/// Runs `body` on a detached POSIX thread (signals stay blocked in it: it inherits the caller's mask).
/// The benchmarks' feeders and writers must run beside the kiosk's loop, not in it.
func startDetachedThread(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ body: @escaping () -> Void) { self.body = body } }
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    pthread_create(
        &thread, nil,
        { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
    pthread_detach(thread)
}
