import ConfigLoading
import CLinux
import Controls
import Formats
import Glibc
import Platform

/// Writes the state file on a thread of its own, so the event loop never waits for the disk.
///
/// An fsync is usually quick, but behind other writes (a journal commit, a busy SD card) it can take
/// a large part of a second (docs/soak.md), and touches due meanwhile would wait with the loop. The loop
/// hands the values over (a copy-on-write snapshot, not a copy); the thread encodes them
/// (`StateFile.text`, which for a file of many ids is no longer cheap), writes them atomically
/// (`FileIO.writeAtomically`: temporary file, fsync, rename, directory fsync) and reports through an
/// eventfd the loop polls. Only the newest values are kept: a write asked for while one is in flight
/// replaces any older one still waiting, since each holds every value.
final class StateFileWriter: @unchecked Sendable {
    /// One finished write: the generation it saved, or why it failed.
    struct Completion {
        var generation: Int
        var failure: FileIO.Failure?
    }

    /// Readable when writes have finished (`completions()` says which).
    let eventFD: Int32
    private let path: String
    private let mode: mode_t
    // pthread objects must not move: allocated once, freed in deinit (after the thread ended).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread = pthread_t()
    // Guarded by `mutex`:
    private var waiting:
        (
            values: [String: StoredValue], variables: [String: JSON], histories: [String: [StoredSample]],
            generation: Int
        )?
    private var writing = false
    private var stopping = false
    private var finished: [Completion] = []

    /// Starts the thread; nil when it cannot be started (the store then writes on the loop).
    init?(path: String, mode: mode_t) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { return nil }
        self.eventFD = fd; self.path = path; self.mode = mode
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(
            &thread, nil,
            { context in
                let writer = Unmanaged<StateFileWriter>.fromOpaque(context!).takeRetainedValue()
                writer.run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<StateFileWriter>.fromOpaque(context).release()
            close(fd)
            return nil
        }
    }

    deinit {
        mutex.deallocate(); changed.deallocate()
        close(eventFD)
    }

    /// Asks for `values`, the socket's variables and the charts' kept samples to be written as
    /// `generation` (higher than any before).
    func submit(
        _ values: [String: StoredValue], variables: [String: JSON] = [:], histories: [String: [StoredSample]] = [:],
        generation: Int
    ) {
        locked { waiting = (values, variables, histories, generation) }
        pthread_cond_broadcast(changed)
    }

    /// The writes finished since the last call, oldest first; clears the eventfd.
    func completions() -> [Completion] {
        var count: UInt64 = 0
        _ = read(eventFD, &count, 8)
        return locked {
            let done = finished; finished.removeAll(); return done
        }
    }

    /// Waits until nothing is waiting or being written (at exit, so the last values are on disk).
    func waitUntilIdle() {
        pthread_mutex_lock(mutex)
        while waiting != nil || writing { pthread_cond_wait(changed, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Finishes what is waiting, then ends the thread and waits for it.
    func stop() {
        locked { stopping = true }
        pthread_cond_broadcast(changed)
        pthread_join(thread, nil)
    }

    private func run() {
        while true {
            pthread_mutex_lock(mutex)
            while waiting == nil && !stopping { pthread_cond_wait(changed, mutex) }
            guard let job = waiting else { pthread_mutex_unlock(mutex); return }
            waiting = nil
            writing = true
            pthread_mutex_unlock(mutex)

            var failure: FileIO.Failure?
            do {
                FileIO.makeDirectories(FileIO.directory(of: path), mode: 0o750)
                try FileIO.writeAtomically(
                    StateFile.text(job.values, variables: job.variables, histories: job.histories), to: path, mode: mode
                )
            } catch {
                failure = error
            }
            locked {
                writing = false
                finished.append(Completion(generation: job.generation, failure: failure))
            }
            pthread_cond_broadcast(changed)
            var one: UInt64 = 1
            _ = write(eventFD, &one, 8)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
