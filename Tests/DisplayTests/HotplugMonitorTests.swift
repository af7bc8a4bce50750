import Testing
@testable import Display

@Suite("DRM hotplug uevents")
struct HotplugMonitorTests {
    /// A uevent as the kernel sends it: "ACTION@DEVPATH", then NUL-separated KEY=VALUE fields.
    private func message(_ fields: [String]) -> [UInt8] { Array(fields.joined(separator: "\0").utf8) + [0] }

    @Test("DRM change uevents are recognised (hotplug and synthetic); other devices' events and DRM add events are not")
    func parsing() {
        let hotplug = message([
            "change@/devices/pci0000:00/0000:00:01.0/virtio0/drm/card0", "ACTION=change",
            "DEVPATH=/devices/pci0000:00/0000:00:01.0/virtio0/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=1",
            "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2301", "MAJOR=226", "MINOR=0",
        ])
        #expect(HotplugMonitor.isDRMChange(hotplug))
        let input = message(["add@/devices/virtual/input/input7", "ACTION=add", "SUBSYSTEM=input", "SEQNUM=2302"])
        #expect(!HotplugMonitor.isDRMChange(input))
        let drmWithoutHotplug = message([
            "add@/devices/virtual/drm/card1", "ACTION=add", "SUBSYSTEM=drm", "SEQNUM=2303",
        ])
        #expect(!HotplugMonitor.isDRMChange(drmWithoutHotplug))
        // `echo change > /sys/class/drm/card0/uevent`
        let synthetic = message([
            "change@/devices/virtual/drm/card0", "ACTION=change", "DEVPATH=/devices/virtual/drm/card0",
            "SUBSYSTEM=drm", "SYNTH_UUID=0", "DEVNAME=dri/card0", "SEQNUM=2304",
        ])
        #expect(HotplugMonitor.isDRMChange(synthetic))
        // A value merely containing the words does not count.
        let lookalike = message(["change@/x", "ACTION=changed", "SUBSYSTEM=drmx"])
        #expect(!HotplugMonitor.isDRMChange(lookalike))
    }

    @Test("A hotplug check reports a pull once, a return with the mode in use, and another panel's modes")
    func decisions() {
        func after(_ was: Bool, _ now: Bool, _ offers: Bool) -> ConnectorChange {
            .after(wasPresent: was, isPresent: now, offersModeInUse: offers, offered: "1024x600@60")
        }
        #expect(after(true, false, false) == .disconnected)
        #expect(after(false, false, false) == .unchanged)  // still out: said once already
        #expect(after(false, true, true) == .reconnected)  // back: the mode is set again
        #expect(after(true, true, true) == .unchanged)  // another device's event
        #expect(after(false, true, false) == .modeGone(offered: "1024x600@60"))
        #expect(after(true, true, false) == .modeGone(offered: "1024x600@60"))  // swapped between two checks
    }

    @Test("The uevent socket opens and reports no DRM hotplug when none happened")
    func socketOpens() throws {
        let monitor = try HotplugMonitor()
        #expect(monitor.fd >= 0)
        #expect(!monitor.drainHotplugs())
    }
}
