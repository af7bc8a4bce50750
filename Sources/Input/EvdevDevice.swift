import CEvdev
import CLinux
import Core
import Glibc

/// A kernel input device read through libevdev: non-blocking, timestamps on CLOCK_MONOTONIC,
/// optionally grabbed so the console does not see the touches as well.
public final class EvdevDevice: InputSource {
    /// The node it was opened from.
    public let path: String
    /// The non-blocking descriptor to poll; −1 once closed.
    public private(set) var fd: Int32
    /// What the device reports, read once at open.
    public let capabilities: DeviceCapabilities
    private let handle: OpaquePointer
    /// Uploaded rumble effect id (EVIOCSFF), made on first use.
    private var rumbleEffect: Int16?

    /// Opens `path` and switches its clock to CLOCK_MONOTONIC (EVIOCSCLOCKID). Opens read-write for
    /// force feedback, read-only if that is all the permissions allow. Not grabbed yet: `grab()`
    /// once the device has been chosen, so inspecting a keyboard never steals its keys.
    public init(path: String) throws(DeviceOpenError) {
        self.path = path
        var fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 && (errno == EACCES || errno == EROFS) { fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw DeviceOpenError(path: path, step: "open", errno: errno) }
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc >= 0, let dev else {
            Glibc.close(fd)
            throw DeviceOpenError(path: path, step: "libevdev_new_from_fd", errno: -rc)
        }
        func fail(_ step: String, _ code: Int32) -> DeviceOpenError {
            libevdev_free(dev)
            Glibc.close(fd)
            return DeviceOpenError(path: path, step: step, errno: code)
        }
        let clock = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
        if clock < 0 { throw fail("EVIOCSCLOCKID", -clock) }
        self.fd = fd
        handle = dev
        capabilities = EvdevDevice.readCapabilities(dev)
    }

    deinit { close() }

    /// Frees libevdev and closes the descriptor (which also ends a grab); idempotent.
    public func close() {
        guard fd >= 0 else { return }
        libevdev_free(handle)  // closing the descriptor also ends a grab
        Glibc.close(fd)
        fd = -1
    }

    /// Reads until EAGAIN. A SYN_DROPPED is passed on as an event (the assembler throws away the
    /// damaged frame), libevdev's sync events are drained, and libevdev's resynchronised state
    /// follows as a snapshot.
    public func readAvailable() -> DeviceReadResult {
        var result = DeviceReadResult()
        guard fd >= 0 else { result.lostErrno = EBADF; return result }
        result.items.reserveCapacity(16)  // a frame's events at once, not four reallocations growing to them
        let success = Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue), sync = Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue)
        var ev = input_event()
        while true {
            let rc = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_NORMAL.rawValue, &ev)
            if rc == success {
                result.items.append(.event(Self.convert(ev)))
            } else if rc == sync {
                let dropped = Self.convert(ev)
                result.items.append(.event(dropped))
                var syncEvent = input_event()
                var status = sync
                while status == sync {
                    status = libevdev_next_event(handle, LIBEVDEV_READ_FLAG_SYNC.rawValue, &syncEvent)
                }
                if status == -ENODEV { result.lostErrno = ENODEV; return result }
                result.items.append(.resynchronized(snapshot(), time: dropped.time))
            } else if rc == -EAGAIN {
                return result
            } else if rc == -EINTR {
                continue
            } else {
                result.lostErrno = -rc
                return result
            }
        }
    }

    /// The touch state libevdev holds now (after a sync it is the kernel's).
    public func snapshot() -> TouchSnapshot {
        var contacts: [Int: RawContact] = [:]
        var positions: [Int: SIMD2<Int32>] = [:]
        let hasTouchKey = libevdev_has_event_code(handle, UInt32(EV_KEY), UInt32(BTN_TOUCH)) == 1
        let touchDown = hasTouchKey ? libevdev_get_event_value(handle, UInt32(EV_KEY), UInt32(BTN_TOUCH)) != 0 : nil
        switch capabilities.touchProtocol {
        case .multitouchB:
            for slot in 0..<max(0, libevdev_get_num_slots(handle)) {
                let x = libevdev_get_slot_value(handle, UInt32(slot), UInt32(ABS_MT_POSITION_X))
                let y = libevdev_get_slot_value(handle, UInt32(slot), UInt32(ABS_MT_POSITION_Y))
                positions[Int(slot)] = SIMD2(x, y)
                let id = libevdev_get_slot_value(handle, UInt32(slot), UInt32(ABS_MT_TRACKING_ID))
                guard id >= 0 else { continue }
                contacts[Int(slot)] = RawContact(trackingID: Int(id), x: x, y: y)
            }
        case .singleTouch:
            let x = libevdev_get_event_value(handle, UInt32(EV_ABS), UInt32(ABS_X))
            let y = libevdev_get_event_value(handle, UInt32(EV_ABS), UInt32(ABS_Y))
            positions[0] = SIMD2(x, y)
            if touchDown == true { contacts[0] = RawContact(trackingID: 0, x: x, y: y) }
        case .multitouchA, nil:
            break  // libevdev keeps no protocol-A contacts; BTN_TOUCH is all there is
        }
        return TouchSnapshot(
            contacts: contacts, currentSlot: Int(max(0, libevdev_get_current_slot(handle))),
            touchDown: touchDown, positions: positions)
    }

    /// EVIOCGRAB: only this process receives the device's events (EBUSY when another has it).
    public func grab() throws(DeviceOpenError) {
        let rc = libevdev_grab(handle, LIBEVDEV_GRAB)
        if rc < 0 { throw DeviceOpenError(path: path, step: "EVIOCGRAB", errno: -rc) }
    }

    /// Uploads a rumble effect on first use (EVIOCSFF) and plays it; false without FF_RUMBLE.
    public func rumble(milliseconds: Int) -> Bool {
        guard fd >= 0, capabilities.canRumble else { return false }
        if rumbleEffect == nil { rumbleEffect = Haptics.uploadRumble(fd: fd, milliseconds: milliseconds) }
        guard let id = rumbleEffect else { return false }
        return Haptics.play(fd: fd, effectID: id)
    }

    static func convert(_ ev: input_event) -> InputEvent {
        var copy = ev
        return InputEvent(
            type: ev.type, code: ev.code, value: ev.value,
            seconds: Int(tw_input_event_sec(&copy)), microseconds: Int(tw_input_event_usec(&copy)))
    }

    /// Everything `DeviceCapabilities` records, asked of libevdev.
    static func readCapabilities(_ dev: OpaquePointer) -> DeviceCapabilities {
        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? ""
        let identity = DeviceIdentity(
            bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
        var codes: [UInt16: Set<UInt16>] = [:]
        var axes: [UInt16: AxisInfo] = [:]
        for type in 0...UInt32(EV_MAX) where libevdev_has_event_type(dev, type) == 1 {
            let maxCode = libevdev_event_type_get_max(type)
            guard maxCode >= 0 else { continue }
            for code in 0...UInt32(maxCode) where libevdev_has_event_code(dev, type, code) == 1 {
                codes[UInt16(type), default: []].insert(UInt16(code))
                if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(dev, code)?.pointee {
                    axes[UInt16(code)] = AxisInfo(
                        value: info.value, minimum: info.minimum, maximum: info.maximum,
                        fuzz: info.fuzz, flat: info.flat, resolution: info.resolution)
                }
            }
        }
        var properties = Set<UInt16>()
        for prop in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(dev, prop) == 1 {
            properties.insert(UInt16(prop))
        }
        return DeviceCapabilities(name: name, identity: identity, codes: codes, axes: axes, properties: properties)
    }
}
