import CLinux
import Glibc

/// One inotify notification: the watch it came from, what happened, and the name within the watched folder.
public struct InotifyEvent {
    public let watch: Int32
    public let mask: UInt32
    public let name: String
}

/// Reads every pending notification of a non-blocking inotify descriptor (the one reader for the device
/// folder's hotplug watch and the simulator's config watch).
public enum InotifyEvents {
    public static func drain(_ fd: Int32) -> [InotifyEvent] {
        guard fd >= 0 else { return [] }
        var events: [InotifyEvent] = []
        let capacity = 8192
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        let header = MemoryLayout<inotify_event>.size
        while true {
            let n = read(fd, buffer, capacity)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            var offset = 0
            while offset + header <= n {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + header, count: Int(event.len))
                events.append(
                    InotifyEvent(
                        watch: event.wd, mask: event.mask,
                        name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
                offset += header + Int(event.len)
            }
        }
        return events
    }
}
