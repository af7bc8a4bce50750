import CLinux
import Glibc

/// inotify on the folders of a set of files (the config, the images and fonts it names): says when
/// one of them was written or replaced. The simulator reloads on it; the kiosk, while it shows a
/// config's errors, retries the config on it. Folders, not files, are watched because editors save by
/// writing a new file and renaming it over the old one (vim, VS Code): a watch on the old file would
/// see it deleted and nothing after. The same technique as `Input.DirectoryWatcher`, which watches one
/// device folder for nodes appearing and going, not files being saved.
public final class FileWatcher {
    /// The inotify descriptor (non-blocking, for the kiosk's epoll loop), or −1 without inotify.
    public let fd: Int32
    /// Watch descriptor → folder.
    private var folders: [Int32: String] = [:]
    /// The watched files, by folder.
    private var files: [String: Set<String>] = [:]

    public init() { fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    deinit { if fd >= 0 { close(fd) } }

    /// Watches exactly `paths` (absolute or relative to the working directory), replacing the last set.
    public func watch(_ paths: [String]) {
        var wanted: [String: Set<String>] = [:]
        for p in paths {
            let slash = p.lastIndex(of: "/")
            let folder = slash.map { $0 == p.startIndex ? "/" : String(p[..<$0]) } ?? "."
            let name = slash.map { String(p[p.index(after: $0)...]) } ?? p
            wanted[folder, default: []].insert(name)
        }
        guard fd >= 0 else { return }
        for (wd, folder) in folders where wanted[folder] == nil {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        for folder in wanted.keys where !folders.values.contains(folder) {
            let wd = inotify_add_watch(fd, folder, mask)
            if wd >= 0 {
                folders[wd] = folder
            } else {
                Log.warning("watch: cannot watch \(folder): \(String(cString: strerror(errno)))")
            }
        }
        files = wanted
    }

    /// Reads every pending notification; returns the watched files among them (folder/name), or every
    /// watched file when notifications were lost.
    public func changedFiles() -> Set<String> {
        var changed: Set<String> = []
        for event in InotifyEvents.drain(fd) {
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                for (folder, names) in files { for n in names { changed.insert(join(folder, n)) } }
            } else if let folder = folders[event.watch], files[folder]?.contains(event.name) == true {
                changed.insert(join(folder, event.name))
            }
        }
        return changed
    }

    private func join(_ folder: String, _ name: String) -> String { folder == "/" ? "/" + name : folder + "/" + name }
}
