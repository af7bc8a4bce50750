import Core
import CDRM
import Glibc

/// A connector as probed, with what choosing a mode and a CRTC needs.
struct DRMConnector {
    let id: UInt32
    let name: String
    /// A display is attached and has modes.
    let connected: Bool
    /// The driver cannot tell (some fixed panels say so) but offers modes: worth trying when no
    /// connector is known to be connected, as libdrm's documentation advises.
    let possiblyConnected: Bool
    let modes: [DisplayMode]
    /// The kernel's mode structs, indexed like `modes` (SetCrtc needs the original).
    let rawModes: [drmModeModeInfo]
    let physicalSizeMM: PixelSize?
    let currentEncoder: UInt32
    let encoders: [DRMTopology.Encoder]
}

/// One dumb buffer: created, registered as a framebuffer, and mapped.
struct DRMDumbBuffer {
    let handle: UInt32
    let framebufferID: UInt32
    let pitch: Int
    let byteCount: Int
    let memory: UnsafeMutableRawPointer
}

/// An open /dev/dri/card* node and the libdrm calls on it. Owns the descriptor.
final class DRMCard {
    let path: String
    let fd: Int32

    /// Opens `path` read-write, non-blocking (so drmHandleEvent never waits) and close-on-exec.
    init(path: String) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw DisplayError.systemCall(device: path, call: "open", errno: currentErrno) }
        self.path = path
        self.fd = fd
    }

    deinit { Glibc.close(fd) }

    /// The card nodes under /dev/dri, in numeric order (card0, card1, …, card10).
    static func cardPaths(directory: String = "/dev/dri") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            var nameTuple = entry.pointee.d_name
            let name = withUnsafeBytes(of: &nameTuple) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasPrefix("card"), let n = Int(name.dropFirst(4)) { numbers.append(n) }
        }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }

    /// True when the driver offers dumb buffers (every KMS driver should; render-only nodes do not).
    var supportsDumbBuffers: Bool {
        var value: UInt64 = 0
        return drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &value) == 0 && value != 0
    }

    /// True while this descriptor is DRM master (may set modes and flip).
    var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Every connector with its modes and encoders, and the card's CRTC ids. `detect`: have the
    /// driver probe each connector (may read EDID: slow); otherwise take the state it last found,
    /// which after a hotplug event is already fresh.
    func probe(detect: Bool = true) throws -> (connectors: [DRMConnector], crtcIDs: [UInt32]) {
        guard let res = drmModeGetResources(fd) else {
            throw DisplayError.unsupported(
                device: path, reason: "not a mode-setting device (drmModeGetResources failed)")
        }
        defer { drmModeFreeResources(res) }
        let crtcIDs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        var connectors: [DRMConnector] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            let id = res.pointee.connectors[i]
            guard let c = detect ? drmModeGetConnector(fd, id) : drmModeGetConnectorCurrent(fd, id) else { continue }
            defer { drmModeFreeConnector(c) }
            connectors.append(describe(c.pointee))
        }
        return (connectors, crtcIDs)
    }

    private func describe(_ c: drmModeConnector) -> DRMConnector {
        let raw = (0..<Int(c.count_modes)).map { c.modes[$0] }
        let modes = raw.enumerated().map { i, m in
            // DRM_MODE_FLAG_INTERLACE is 1 << 4, DRM_MODE_FLAG_DBLSCAN 1 << 5,
            // DRM_MODE_TYPE_PREFERRED 1 << 3 (drm_mode.h).
            let interlaced = m.flags & (1 << 4) != 0
            return DisplayMode(
                width: Int(m.hdisplay), height: Int(m.vdisplay),
                refreshMilliHz: DisplayMode.refreshMilliHz(
                    clockKHz: Int(m.clock), htotal: Int(m.htotal),
                    vtotal: Int(m.vtotal), interlaced: interlaced,
                    doubleScan: m.flags & (1 << 5) != 0),
                isPreferred: m.type & (1 << 3) != 0, isInterlaced: interlaced, index: i)
        }
        let encoders: [DRMTopology.Encoder] = (0..<Int(c.count_encoders)).compactMap { i in
            guard let e = drmModeGetEncoder(fd, c.encoders[i]) else { return nil }
            defer { drmModeFreeEncoder(e) }
            return DRMTopology.Encoder(
                id: e.pointee.encoder_id, currentCRTC: e.pointee.crtc_id,
                possibleCRTCs: e.pointee.possible_crtcs)
        }
        let mm = c.mmWidth > 0 && c.mmHeight > 0 ? PixelSize(width: Int(c.mmWidth), height: Int(c.mmHeight)) : nil
        return DRMConnector(
            id: c.connector_id,
            name: DRMTopology.connectorName(type: c.connector_type, typeID: c.connector_type_id),
            connected: c.connection == DRM_MODE_CONNECTED && !modes.isEmpty,
            possiblyConnected: c.connection == DRM_MODE_UNKNOWNCONNECTION && !modes.isEmpty,
            modes: modes, rawModes: raw, physicalSizeMM: mm,
            currentEncoder: c.encoder_id, encoders: encoders)
    }

    /// Creates a dumb buffer of `width` × `height` in `format`, adds it as a framebuffer, maps it,
    /// and clears it to black. Undoes the partial work on failure.
    func createDumbBuffer(width: Int, height: Int, format: ScanoutFormat) throws -> DRMDumbBuffer {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        var r = drmModeCreateDumbBuffer(
            fd, UInt32(width), UInt32(height), UInt32(format.bitsPerPixel), 0,
            &handle, &pitch, &size)
        guard r == 0 else { throw DisplayError.systemCall(device: path, call: "create dumb buffer", errno: -r) }
        var fbID: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let fourcc = format == .xrgb8888 ? tw_fourcc_xrgb8888() : tw_fourcc_rgb565()
        r = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    drmModeAddFB2(
                        fd, UInt32(width), UInt32(height), fourcc,
                        UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                        UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &fbID, 0)
                }
            }
        }
        if r != 0 {
            // Old drivers without AddFB2: the legacy call takes depth and bpp instead of a fourcc.
            let depth: UInt8 = format == .xrgb8888 ? 24 : 16
            r = drmModeAddFB(fd, UInt32(width), UInt32(height), depth, UInt8(format.bitsPerPixel), pitch, handle, &fbID)
        }
        guard r == 0 else {
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.systemCall(device: path, call: "add framebuffer (\(format))", errno: -r)
        }
        var offset: UInt64 = 0
        r = drmModeMapDumbBuffer(fd, handle, &offset)
        let map =
            r == 0
            ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(Int64(bitPattern: offset)))
            : MAP_FAILED
        guard r == 0, let map, map != MAP_FAILED else {
            let e = r != 0 ? -r : currentErrno
            _ = drmModeRmFB(fd, fbID)
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.systemCall(device: path, call: "map dumb buffer", errno: e)
        }
        map.initializeMemory(as: UInt8.self, repeating: 0, count: Int(size))
        return DRMDumbBuffer(handle: handle, framebufferID: fbID, pitch: Int(pitch), byteCount: Int(size), memory: map)
    }

    /// Unmaps, removes and destroys a buffer made by `createDumbBuffer`.
    func destroy(_ b: DRMDumbBuffer) {
        munmap(b.memory, b.byteCount)
        _ = drmModeRmFB(fd, b.framebufferID)
        _ = drmModeDestroyDumbBuffer(fd, b.handle)
    }
}

/// Human-readable inventory of the DRM cards, for `thumbwheel list-devices` and support logs.
public enum DRMInventory {
    /// One line per card and one per connector: name, status, physical size and offered modes.
    /// Cards that cannot be opened or probed say why.
    public static func describe(directory: String = "/dev/dri") -> [String] {
        let paths = DRMCard.cardPaths(directory: directory)
        if paths.isEmpty { return ["no \(directory)/card* (no KMS driver loaded?)"] }
        var lines: [String] = []
        for path in paths {
            do {
                let card = try DRMCard(path: path)
                let (connectors, crtcs) = try card.probe()
                lines.append(
                    "\(path): dumb buffers \(card.supportsDumbBuffers ? "yes" : "no"), \(crtcs.count) CRTCs, \(connectors.count) connectors"
                )
                for c in connectors {
                    let status =
                        c.connected ? "connected" : c.possiblyConnected ? "unknown (has modes)" : "disconnected"
                    let mm = c.physicalSizeMM.map { " \($0.width)x\($0.height) mm" } ?? ""
                    lines.append(
                        "  \(c.name): \(status)\(mm)\(c.modes.isEmpty ? "" : "; modes " + c.modes.map(\.description).joined(separator: ", "))"
                    )
                }
            } catch {
                lines.append("\(path): \(error)")
            }
        }
        return lines
    }
}
