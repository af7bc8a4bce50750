import Glibc

/// Why a device could not be opened or set up, with what to check (DESIGN.md: a missing device says
/// which, and what to check).
public struct DeviceOpenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device node (or /dev/uinput).
    public var path: String
    /// What we were doing: "open", "libevdev_new_from_fd", "EVIOCGRAB", …
    public var step: String
    /// The errno the step failed with.
    public var errno: Int32

    /// Creates an error.
    public init(path: String, step: String, errno: Int32) { self.path = path; self.step = step; self.errno = errno }

    public var description: String {
        let reason = String(cString: strerror(errno))
        return "\(path): \(step) failed: \(reason)" + (hint.isEmpty ? "" : " (\(hint))")
    }

    /// What a kiosk integrator should check for this errno.
    public var hint: String {
        if path == "/dev/uinput" && (errno == ENOENT || errno == EACCES || errno == EPERM || errno == ENODEV) {
            return "load the uinput module (modprobe uinput) and make /dev/uinput writable for this user"
        }
        switch errno {
        case EACCES, EPERM:
            return "the service user needs read/write access: add it to the 'input' group "
                + "(SupplementaryGroups=input in the unit) or add a udev rule"
        case EBUSY:
            return "another program has grabbed the device (EVIOCGRAB): stop it, e.g. a getty, X or another kiosk"
        case ENOENT:
            return "no such device: check the cable and `ls /dev/input`"
        case ENODEV:
            return "the device went away: check the cable or power"
        case ENOTTY, EINVAL:
            return "not an evdev device"
        default:
            return ""
        }
    }
}
