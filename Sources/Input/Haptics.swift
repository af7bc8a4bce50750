import CLinux
import Glibc

/// Force feedback through the evdev FF interface: upload a rumble effect once (EVIOCSFF), then play
/// it by writing an EV_FF event with the effect's id.
enum Haptics {
    /// Uploads a rumble of `milliseconds` at two-thirds strength; returns its effect id, or nil.
    static func uploadRumble(fd: Int32, milliseconds: Int) -> Int16? {
        var effect = ff_effect()
        effect.type = UInt16(FF_RUMBLE)
        effect.id = -1  // -1 asks the kernel for a new effect slot
        effect.replay.length = UInt16(clamping: milliseconds)
        effect.replay.delay = 0
        effect.u.rumble.strong_magnitude = 0xAAAA
        effect.u.rumble.weak_magnitude = 0xAAAA
        guard tw_ioctl_ptr(fd, tw_eviocsff(), &effect) >= 0 else { return nil }
        return effect.id
    }

    /// Starts effect `effectID` once.
    static func play(fd: Int32, effectID: Int16) -> Bool {
        var ev = input_event()
        ev.type = UInt16(EV_FF)
        ev.code = UInt16(bitPattern: effectID)
        ev.value = 1  // play count
        let size = MemoryLayout<input_event>.size
        return withUnsafePointer(to: &ev) { write(fd, $0, size) } == size
    }
}
