import CLinux

/// The kernel's `input_absinfo` for one absolute axis.
public struct AxisInfo: Hashable, Sendable {
    /// The axis's current value (for `ABS_MT_SLOT`: the slot the next events go to).
    public var value: Int32
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// Noise the kernel filters out (values within this of the last are dropped).
    public var fuzz: Int32
    /// Dead zone around the centre (joysticks; 0 on touchscreens).
    public var flat: Int32
    /// Units per millimetre (0 when the driver does not say).
    public var resolution: Int32

    /// Creates an axis description; the kernel's field order.
    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0,
        resolution: Int32 = 0
    ) {
        self.value = value; self.minimum = minimum; self.maximum = maximum
        self.fuzz = fuzz; self.flat = flat; self.resolution = resolution
    }
}

/// The kernel's `input_id`: bus type, vendor, product and version.
public struct DeviceIdentity: Hashable, Sendable, CustomStringConvertible {
    /// Bus type (`BUS_USB` = 0x03, `BUS_I2C` = 0x18, `BUS_VIRTUAL` = 0x06, …).
    public var bus: UInt16
    /// Vendor id (the USB vid for USB devices).
    public var vendor: UInt16
    /// Product id (the USB pid for USB devices).
    public var product: UInt16
    /// Hardware or driver version.
    public var version: UInt16
    /// Creates an identity from the four `input_id` fields.
    public init(bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0) {
        self.bus = bus; self.vendor = vendor; self.product = product; self.version = version
    }
    /// `vvvv:pppp` in lower-case hex, the way lsusb prints it.
    public var vidPid: String { "\(hex4(vendor)):\(hex4(product))" }
    /// True for devices on the USB bus (`BUS_USB`).
    public var isUSB: Bool { bus == UInt16(BUS_USB) }
    public var description: String { "bus \(hex4(bus)) \(vidPid) version \(hex4(version))" }
}

/// Four lower-case hex digits.
func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// How a device reports its contacts (Documentation/input/multi-touch-protocol.rst).
public enum TouchProtocol: String, Hashable, Sendable {
    /// Protocol B: `ABS_MT_SLOT` + `ABS_MT_TRACKING_ID`; the kernel tracks contacts.
    case multitouchB = "MT protocol B"
    /// Protocol A: anonymous contacts, each closed by `SYN_MT_REPORT`; we track them ourselves.
    case multitouchA = "MT protocol A"
    /// One contact: `ABS_X`/`ABS_Y` with `BTN_TOUCH`.
    case singleTouch = "single touch"
}

/// What a device can report: the facts device choice, coordinate mapping and haptics depend on.
///
/// Built from a live libevdev handle (`EvdevDevice`) or from an evemu `.desc` (`EvemuParser`), so the
/// same selection and mapping code runs on real panels and on recordings.
public struct DeviceCapabilities: Hashable, Sendable {
    /// The kernel's device name (`EVIOCGNAME`).
    public var name: String
    /// Bus, vendor, product and version (`EVIOCGID`).
    public var identity: DeviceIdentity
    /// Supported codes per event type (the event type itself is present when it has any code).
    public var codes: [UInt16: Set<UInt16>]
    /// Absolute axes and their ranges, by `ABS_*` code.
    public var axes: [UInt16: AxisInfo]
    /// Input properties (`INPUT_PROP_*`).
    public var properties: Set<UInt16>

    /// Creates a capability set; everything but the name may be filled in later.
    public init(
        name: String, identity: DeviceIdentity = DeviceIdentity(), codes: [UInt16: Set<UInt16>] = [:],
        axes: [UInt16: AxisInfo] = [:], properties: Set<UInt16> = []
    ) {
        self.name = name; self.identity = identity; self.codes = codes; self.axes = axes
        self.properties = properties
    }

    /// True when the device reports `code` of event type `type`.
    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }
    /// True when the device has the `INPUT_PROP_DIRECT` property (a touchscreen, not a touchpad).
    public var isDirect: Bool { properties.contains(EventCode.propDirect) }
    /// True when the device can rumble (`EV_FF` with `FF_RUMBLE`).
    public var canRumble: Bool { has(type: EventCode.ffType, code: EventCode.ffRumble) }

    /// How the device reports contacts, or nil when it has no absolute position axes at all.
    public var touchProtocol: TouchProtocol? {
        let mtPosition = axes[EventCode.mtPositionX] != nil && axes[EventCode.mtPositionY] != nil
        if mtPosition && axes[EventCode.mtSlot] != nil { return .multitouchB }
        if mtPosition { return .multitouchA }
        if axes[EventCode.absX] != nil && axes[EventCode.absY] != nil { return .singleTouch }
        return nil
    }

    /// Number of MT slots (protocol B), 0 otherwise.
    public var slotCount: Int {
        guard let slot = axes[EventCode.mtSlot] else { return 0 }
        return Int(slot.maximum) - Int(slot.minimum) + 1
    }

    /// The position axes the touch protocol uses (MT axes for A and B, ABS_X/ABS_Y for single touch).
    public var positionAxes: (x: AxisInfo, y: AxisInfo)? {
        switch touchProtocol {
        case .multitouchA, .multitouchB:
            return (axes[EventCode.mtPositionX]!, axes[EventCode.mtPositionY]!)
        case .singleTouch:
            return (axes[EventCode.absX]!, axes[EventCode.absY]!)
        case nil:
            return nil
        }
    }
}
