import ConfigLoading
import Core
import Glibc
import Platform

/// The config file watched while the panel shows its errors: a save is retried a moment later (an
/// editor writes a file in pieces, or writes and renames).
struct ConfigWatch {
    /// How long after a change the file is read again.
    static let settle = 0.3
    private var watcher: FileWatcher?
    /// When the file is next read, nil when no change is pending.
    private(set) var retryAt: MonotonicTime?

    /// Watches `path`; returns the watch's descriptor the first time (for the loop to poll), nil after
    /// that or without inotify.
    mutating func start(_ path: String) -> Int32? {
        if let watcher { watcher.watch([path]); return nil }
        let w = FileWatcher()
        guard w.fd >= 0 else {
            Log.warning("config: inotify is unavailable; send SIGHUP once the file is fixed"); return nil
        }
        w.watch([path])
        watcher = w
        return w.fd
    }

    /// Stops watching (the file loaded).
    mutating func stop() {
        watcher?.watch([])
        retryAt = nil
    }

    /// Whether the watched file changed: called when the watch's descriptor is readable.
    mutating func noteChanges(now: MonotonicTime) {
        guard let watcher, !watcher.changedFiles().isEmpty else { return }
        retryAt = now + ConfigWatch.settle
    }

    /// True once when a noted change is due to be retried.
    mutating func retryIsDue(now: MonotonicTime) -> Bool {
        guard let at = retryAt, now >= at else { return false }
        retryAt = nil
        return true
    }
}

extension KioskRuntime {
    /// At start, once the first frame is on screen: a config that loaded is kept as the last good
    /// one; one that did not is logged and watched.
    func noticeShown() {
        guard options.showsConfigErrors else { return }
        guard let notice else { ConfigRecovery.remember(config); return }
        Log.write(
            .error,
            lines: [
                "config: \(notice.file) is invalid; \(notice.running == .lastGood ? "running the last good config" : "nothing to run")"
                    + " until it is fixed (saving it, or SIGHUP, retries):"
            ] + notice.errors)
        watchConfig()
    }

    /// A reload took the file: the notice goes, the watch stops, the file is the last good one.
    func configLoaded() {
        guard options.showsConfigErrors else { return }
        configWatch.stop()
        ConfigRecovery.remember(config)
    }

    /// A reload refused the file: the panel shows why, over what it runs, and waits for a fix.
    func configRefused(_ errors: [String]) {
        guard options.showsConfigErrors else { return }
        let running: ConfigNotice.Running =
            switch notice?.running {
            case .nothing?: .nothing
            case .lastGood?: .lastGood
            default: .previous
            }
        notice = ConfigNotice(file: options.configPath, errors: errors, running: running)
        show(screenIndex: pages.current, time: monotonicNow())
        watchConfig()
    }

    private func watchConfig() {
        guard let fd = configWatch.start(options.configPath) else { return }
        loop.add(fd: fd) { [weak self] _ in self?.configWatch.noteChanges(now: monotonicNow()) }
    }
}
