import CLinux
import Glibc

/// The kiosk's virtual terminal in graphics mode with process-controlled switching, so that a VT
/// switch (Ctrl-Alt-Fn, `chvt`) becomes two signals the kiosk answers by pausing and resuming
/// the display, instead of the console drawing over the panel.
///
/// Sequence, with both signals blocked and read from the kiosk's signalfd:
/// - release signal: `display.pause()` (drops DRM master), then `acknowledgeRelease()`;
/// - acquire signal: `acknowledgeAcquire()`, then `display.resume()` (a full repaint follows).
/// `restore()` (also on exit) gives the console back its text mode and automatic switching.
/// Graphics mode also matters for fbdev: in text mode the console's cursor blinks over the panel.
public final class VirtualTerminal {
    public let path: String
    public let releaseSignal: Int32
    public let acquireSignal: Int32
    private let fd: Int32
    private var restored = false

    /// Takes over `path` (the kiosk's own VT, e.g. "/dev/tty1" from the unit's TTYPath).
    public init(path: String, releaseSignal: Int32 = SIGUSR1, acquireSignal: Int32 = SIGUSR2) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw DisplayError.systemCall(device: path, call: "open", errno: currentErrno) }
        var mode = vt_mode()
        mode.mode = CChar(VT_PROCESS)
        mode.relsig = Int16(releaseSignal)
        mode.acqsig = Int16(acquireSignal)
        guard tw_ioctl_int(fd, UInt(KDSETMODE), Int(KD_GRAPHICS)) == 0 else {
            let e = currentErrno
            Glibc.close(fd)
            throw DisplayError.systemCall(device: path, call: "KDSETMODE KD_GRAPHICS", errno: e)
        }
        guard tw_ioctl_ptr(fd, UInt(VT_SETMODE), &mode) == 0 else {
            let e = currentErrno
            _ = tw_ioctl_int(fd, UInt(KDSETMODE), Int(KD_TEXT))
            Glibc.close(fd)
            throw DisplayError.systemCall(device: path, call: "VT_SETMODE VT_PROCESS", errno: e)
        }
        self.path = path
        self.fd = fd
        self.releaseSignal = releaseSignal
        self.acquireSignal = acquireSignal
    }

    deinit { restore() }

    /// Lets the pending switch away go ahead (after the display was paused).
    public func acknowledgeRelease() { _ = tw_ioctl_int(fd, UInt(VT_RELDISP), 1) }

    /// Confirms that the VT is ours again (before the display resumes).
    public func acknowledgeAcquire() { _ = tw_ioctl_int(fd, UInt(VT_RELDISP), Int(VT_ACKACQ)) }

    /// Text mode and automatic switching again; closes the terminal. Idempotent.
    public func restore() {
        guard !restored else { return }
        restored = true
        var mode = vt_mode()
        mode.mode = CChar(VT_AUTO)
        _ = tw_ioctl_ptr(fd, UInt(VT_SETMODE), &mode)
        _ = tw_ioctl_int(fd, UInt(KDSETMODE), Int(KD_TEXT))
        Glibc.close(fd)
    }
}
