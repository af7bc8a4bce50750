import Core

/// One thing a device read produced, in stream order.
public enum DeviceReadItem: Hashable, Sendable {
    /// An event to feed to the assembler.
    case event(InputEvent)
    /// After a SYN_DROPPED: the device's real state, to resynchronise the assembler from.
    case resynchronized(TouchSnapshot, time: MonotonicTime)
}

/// What one wake-up's read (until EAGAIN) returned.
public struct DeviceReadResult: Hashable, Sendable {
    /// Events and resynchronisations, in stream order.
    public var items: [DeviceReadItem]
    /// Set when the device is gone or unusable (ENODEV after an unplug): its errno.
    public var lostErrno: Int32?
    /// Creates a result.
    public init(items: [DeviceReadItem] = [], lostErrno: Int32? = nil) {
        self.items = items; self.lostErrno = lostErrno
    }
}

/// An open input device the hub can poll: a libevdev device in production, a pipe in tests.
public protocol InputSource: AnyObject {
    /// The path it was opened from (`/dev/input/event3`).
    var path: String { get }
    /// The non-blocking file descriptor to poll for readability.
    var fd: Int32 { get }
    var capabilities: DeviceCapabilities { get }
    /// Reads everything available now (until EAGAIN).
    func readAvailable() -> DeviceReadResult
    /// The device's touch state now (contacts already down when it is opened).
    func snapshot() -> TouchSnapshot
    /// Takes the device for this process alone (EVIOCGRAB), so the console does not see it too.
    func grab() throws(DeviceOpenError)
    /// Plays a short rumble if the device can; returns false when it cannot.
    func rumble(milliseconds: Int) -> Bool
    /// Releases the grab and closes the descriptor; idempotent.
    func close()
}
