import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("Live reload's file watch")
struct FileWatcherTests {
    /// Waits up to a second for the watcher to report something.
    func changes(_ w: FileWatcher) -> Set<String> {
        var p = pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&p, 1, 1000)
        return w.changedFiles()
    }

    func writeInPlace(_ path: String, _ text: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    @Test("A save by rename (vim, VS Code), a save in place and a new file are each seen; other files are not")
    func savesAreSeen() throws {
        let dir = makeTemporaryDirectory("watch")
        let config = dir + "/config.toml", icon = dir + "/icon.png"
        writeInPlace(config, "a")
        let w = FileWatcher()
        try #require(w.fd >= 0)
        w.watch([config, icon])
        writeInPlace(dir + "/other.txt", "x")
        #expect(changes(w).isEmpty)
        writeInPlace(dir + "/.config.toml.swp", "b")
        #expect(rename(dir + "/.config.toml.swp", config) == 0)
        #expect(changes(w) == [config])
        writeInPlace(config, "c")
        #expect(changes(w) == [config])
        writeInPlace(icon, "png")
        #expect(changes(w) == [icon])
    }

    @Test("Watching a new set drops folders no longer named")
    func rewatch() throws {
        let a = makeTemporaryDirectory("watch-a"), b = makeTemporaryDirectory("watch-b")
        let w = FileWatcher()
        w.watch([a + "/x.toml"])
        w.watch([b + "/y.png"])
        writeInPlace(a + "/x.toml", "1")
        #expect(changes(w).isEmpty)
        writeInPlace(b + "/y.png", "2")
        #expect(changes(w) == [b + "/y.png"])
    }
}
