import CLinux
import Core

/// One evdev event: what `struct input_event` carries, with the timestamp already in seconds.
///
/// Every source (a libevdev device, an evemu recording, a synthetic test stream) produces these, so
/// the `TouchAssembler` never knows where its events came from.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// The event type (`EV_SYN`, `EV_KEY`, `EV_ABS`, …).
    public var type: UInt16
    /// The event code within its type (`ABS_MT_SLOT`, `BTN_TOUCH`, …).
    public var code: UInt16
    /// The value; for `ABS_MT_TRACKING_ID`, −1 means the contact lifted.
    public var value: Int32
    /// Kernel timestamp on CLOCK_MONOTONIC once EVIOCSCLOCKID has been applied (recordings: their own clock).
    public var time: MonotonicTime

    /// Creates an event from its four fields.
    public init(type: UInt16, code: UInt16, value: Int32, time: MonotonicTime) {
        self.type = type; self.code = code; self.value = value; self.time = time
    }

    /// Creates an event from the kernel's `timeval`-style seconds and microseconds.
    public init(type: UInt16, code: UInt16, value: Int32, seconds: Int, microseconds: Int) {
        self.init(type: type, code: code, value: value, time: Double(seconds) + Double(microseconds) / 1_000_000)
    }

    public var description: String { "\(time) \(type):\(code)=\(value)" }
}

/// The linux/input.h numbers the Input module uses, converted once to the widths `InputEvent` carries.
enum EventCode {
    static let synType = UInt16(EV_SYN)
    static let keyType = UInt16(EV_KEY)
    static let absType = UInt16(EV_ABS)
    static let ffType = UInt16(EV_FF)

    static let synReport = UInt16(SYN_REPORT)
    static let synMTReport = UInt16(SYN_MT_REPORT)
    static let synDropped = UInt16(SYN_DROPPED)

    static let btnTouch = UInt16(BTN_TOUCH)

    static let absX = UInt16(ABS_X)
    static let absY = UInt16(ABS_Y)
    static let mtSlot = UInt16(ABS_MT_SLOT)
    static let mtPositionX = UInt16(ABS_MT_POSITION_X)
    static let mtPositionY = UInt16(ABS_MT_POSITION_Y)
    static let mtTrackingID = UInt16(ABS_MT_TRACKING_ID)

    static let propDirect = UInt16(INPUT_PROP_DIRECT)
    static let ffRumble = UInt16(FF_RUMBLE)
}
