import CLinux
import Glibc
import Platform

/// What happened to a name in the watched directory.
enum DirectoryChange: Hashable {
    /// Created, moved in, or its permissions changed (udev fixes permissions after creating a node).
    case appeared(String)
    case removed(String)
    /// Events were lost (IN_Q_OVERFLOW) or the directory itself appeared: look at everything again.
    case rescan
}

/// inotify on the device directory (/dev/input), for hotplug. When the directory does not exist yet
/// (no input device since boot, or a container) it watches the parent until it appears.
final class DirectoryWatcher {
    let directory: String
    /// The inotify descriptor (non-blocking), or −1 when inotify is unavailable.
    private(set) var fd: Int32
    private var directoryWatch: Int32 = -1
    private var parentWatch: Int32 = -1

    init(directory: String) {
        self.directory = directory
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd >= 0 && !watchDirectory() { watchParent() }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// True while the directory itself is watched (false: waiting for it to appear).
    var isWatchingDirectory: Bool { directoryWatch >= 0 }

    private func watchDirectory() -> Bool {
        let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF)
        directoryWatch = inotify_add_watch(fd, directory, mask)
        return directoryWatch >= 0
    }

    private func watchParent() {
        let parent = directory.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        parentWatch = inotify_add_watch(fd, parent.isEmpty ? "/" : parent, UInt32(IN_CREATE | IN_MOVED_TO))
    }

    /// Reads every pending notification.
    func readChanges() -> [DirectoryChange] {
        InotifyEvents.drain(fd).flatMap { interpret(wd: $0.watch, mask: $0.mask, name: $0.name) }
    }

    private func interpret(wd: Int32, mask: UInt32, name: String) -> [DirectoryChange] {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [.rescan] }
        if wd == parentWatch {
            let base = directory.split(separator: "/").last.map(String.init) ?? directory
            guard name == base, watchDirectory() else { return [] }
            inotify_rm_watch(fd, parentWatch)
            parentWatch = -1
            return [.rescan]
        }
        guard wd == directoryWatch else { return [] }
        if mask & UInt32(IN_DELETE_SELF | IN_IGNORED) != 0 {
            directoryWatch = -1
            watchParent()
            return [.rescan]
        }
        if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { return [.removed(name)] }
        if mask & UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO) != 0 { return [.appeared(name)] }
        return []
    }
}
