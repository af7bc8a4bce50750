import CEvdev
import CLinux
import Glibc

/// A kernel input device made through /dev/uinput with the capabilities of a recorded one, so a
/// recording can be played into a real kernel (the real-kernel test) and read back through
/// `EvdevDevice` exactly as a panel would be.
public final class UinputDevice {
    private var device: OpaquePointer?
    private var uinput: OpaquePointer?

    /// Creates the device: name, ids, properties, every event code, absolute axes with their ranges.
    /// Force feedback is left out (a uinput FF device needs its own upload handler).
    public init(capabilities caps: DeviceCapabilities) throws(DeviceOpenError) {
        guard let dev = libevdev_new() else {
            throw DeviceOpenError(path: "/dev/uinput", step: "libevdev_new", errno: ENOMEM)
        }
        device = dev
        libevdev_set_name(dev, caps.name)
        libevdev_set_id_bustype(dev, Int32(caps.identity.bus))
        libevdev_set_id_vendor(dev, Int32(caps.identity.vendor))
        libevdev_set_id_product(dev, Int32(caps.identity.product))
        libevdev_set_id_version(dev, Int32(caps.identity.version))
        for prop in caps.properties { libevdev_enable_property(dev, UInt32(prop)) }
        for (type, codes) in caps.codes where type != EventCode.synType && type != EventCode.ffType {
            libevdev_enable_event_type(dev, UInt32(type))
            for code in codes {
                if type == EventCode.absType, let a = caps.axes[code] {
                    var info = input_absinfo(
                        value: a.value, minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz,
                        flat: a.flat, resolution: a.resolution)
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &info)
                } else if type != EventCode.absType {
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        var ui: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(dev, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &ui)
        guard rc >= 0, let ui else {
            libevdev_free(dev)
            device = nil
            throw DeviceOpenError(path: "/dev/uinput", step: "create uinput device", errno: -rc)
        }
        uinput = ui
    }

    deinit { destroy() }

    /// The node the kernel made (`/dev/input/eventN`), when libevdev could find it.
    public var devnode: String? { uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) } }

    /// Sends one event (the kernel stamps its own time); false when the device is gone.
    @discardableResult
    public func write(_ event: InputEvent) -> Bool {
        guard let uinput else { return false }
        return libevdev_uinput_write_event(uinput, UInt32(event.type), UInt32(event.code), event.value) == 0
    }

    /// Removes the device from the kernel (readers get ENODEV: an unplug).
    public func destroy() {
        if let uinput { libevdev_uinput_destroy(uinput) }
        if let device { libevdev_free(device) }
        uinput = nil
        device = nil
    }
}
