import Core
/// One display mode as the connector offers it, reduced to what choosing needs. `index` points
/// back into the connector's mode list.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Vertical refresh in millihertz, computed from the pixel clock and totals (more exact than
    /// the kernel's rounded `vrefresh`).
    public var refreshMilliHz: Int
    public var isPreferred: Bool
    public var isInterlaced: Bool
    public var index: Int

    public init(
        width: Int, height: Int, refreshMilliHz: Int, isPreferred: Bool = false,
        isInterlaced: Bool = false, index: Int = 0
    ) {
        self.width = width; self.height = height; self.refreshMilliHz = refreshMilliHz
        self.isPreferred = isPreferred; self.isInterlaced = isInterlaced; self.index = index
    }

    /// The refresh rate from DRM timings: pixel clock (kHz) / (htotal · vtotal), doubled for
    /// interlaced and halved for double-scan modes, as the kernel's drm_mode_vrefresh does.
    public static func refreshMilliHz(
        clockKHz: Int, htotal: Int, vtotal: Int,
        interlaced: Bool, doubleScan: Bool
    ) -> Int {
        guard htotal > 0 && vtotal > 0 else { return 0 }
        var num = clockKHz * 1_000_000, den = htotal * vtotal
        if interlaced { num *= 2 }
        if doubleScan { den *= 2 }
        return (num + den / 2) / den
    }

    public var description: String {
        let hz = Double(refreshMilliHz) / 1000
        return
            "\(width)x\(height)@\((hz * 100).rounded() / 100)\(isInterlaced ? "i" : "")\(isPreferred ? " (preferred)" : "")"
    }
}

/// A mode asked for in the config: "1280x800" or "1280x800@60" (refresh may have decimals).
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Requested refresh in millihertz, or nil for "any".
    public var refreshMilliHz: Int?

    public init(width: Int, height: Int, refreshMilliHz: Int? = nil) {
        self.width = width; self.height = height; self.refreshMilliHz = refreshMilliHz
    }

    /// Parses "WxH" or "WxH@Hz"; throws `DisplayError.badConfiguration` naming what is wrong.
    public init(parsing text: String) throws {
        let bad = { (why: String) in
            DisplayError.badConfiguration(
                "display mode \"\(text)\": \(why); expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1280x800@60")
        }
        let trimmed = text.trimmingSpaces
        let atParts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard atParts.count <= 2 else { throw bad("more than one '@'") }
        let size: PixelSize
        do throws(PixelSizeParseError) { size = try PixelSize.parse(String(atParts[0])) } catch {
            throw bad(
                error.reason == .outOfRange
                    ? "size out of range (1 to \(PixelSize.maxSide) pixels a side)" : "size is not WIDTHxHEIGHT")
        }
        var refresh: Int?
        if atParts.count == 2 {
            guard let hz = Double(atParts[1]), hz > 0, hz <= 1000 else { throw bad("refresh is not a number of hertz") }
            refresh = Int((hz * 1000).rounded())
        }
        self.init(width: size.width, height: size.height, refreshMilliHz: refresh)
    }

    public var description: String {
        guard let r = refreshMilliHz else { return "\(width)x\(height)" }
        return "\(width)x\(height)@\(Double(r) / 1000)"
    }
}

/// Picks the mode to drive from a connector's list.
public enum ModeChooser {
    /// How close a listed refresh must be to the requested one: "@60" must find 59.94 Hz modes.
    public static let refreshToleranceMilliHz = 500

    /// Without a request: the preferred mode, else the first progressive mode (the kernel lists
    /// the best first), else the first. With a request: the matching size; among those, the
    /// refresh nearest the request (within tolerance), or with none requested the preferred one,
    /// else the fastest progressive one. Nil when nothing fits.
    public static func choose(from modes: [DisplayMode], request: ModeRequest?) -> DisplayMode? {
        guard let request else {
            return modes.first(where: \.isPreferred) ?? modes.first(where: { !$0.isInterlaced }) ?? modes.first
        }
        let sized = modes.filter { $0.width == request.width && $0.height == request.height }
        if let want = request.refreshMilliHz {
            return sized.filter { abs($0.refreshMilliHz - want) <= refreshToleranceMilliHz }
                .min {
                    (abs($0.refreshMilliHz - want), $0.isInterlaced ? 1 : 0) < (
                        abs($1.refreshMilliHz - want), $1.isInterlaced ? 1 : 0
                    )
                }
        }
        if let preferred = sized.first(where: \.isPreferred) { return preferred }
        return sized.max { ($0.isInterlaced ? 0 : 1, $0.refreshMilliHz) < ($1.isInterlaced ? 0 : 1, $1.refreshMilliHz) }
    }
}

extension ModeChooser {
    /// The mode to drive a panel plugged in again with the same layout: its mode of the size in use at
    /// the refresh in use (the nearest within tolerance), else the one `request` would choose at that
    /// size (any refresh when the config names none). Nil when that size is gone: another panel.
    public static func sameLayout(
        as inUse: DisplayMode, request: ModeRequest?, in offered: [DisplayMode]
    ) -> DisplayMode? {
        let asBefore = ModeRequest(width: inUse.width, height: inUse.height, refreshMilliHz: inUse.refreshMilliHz)
        if let same = choose(from: offered, request: asBefore) { return same }
        let asConfigured = ModeRequest(
            width: inUse.width, height: inUse.height, refreshMilliHz: request?.refreshMilliHz)
        return choose(from: offered, request: asConfigured)
    }
}

/// Connector naming and CRTC routing, kept free of libdrm types so they are tested with data.
public enum DRMTopology {
    /// The kernel's connector type names (drm_connector_enum_list), indexed by DRM_MODE_CONNECTOR_*.
    static let connectorTypeNames = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component",
        "DIN", "DP", "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    /// The connector name the kernel and compositors use, e.g. "HDMI-A-1", "DSI-1", "Virtual-1".
    public static func connectorName(type: UInt32, typeID: UInt32) -> String {
        let t = Int(type) < connectorTypeNames.count ? connectorTypeNames[Int(type)] : "Type\(type)"
        return "\(t)-\(typeID)"
    }

    /// An encoder that can feed a connector: its id, the CRTC it drives now (0 for none), and
    /// the bit mask of CRTC indexes it can use.
    public struct Encoder: Sendable, Equatable {
        public var id: UInt32
        public var currentCRTC: UInt32
        public var possibleCRTCs: UInt32
        public init(id: UInt32, currentCRTC: UInt32, possibleCRTCs: UInt32) {
            self.id = id; self.currentCRTC = currentCRTC; self.possibleCRTCs = possibleCRTCs
        }
    }

    /// The CRTC to drive a connector: the one its current encoder already uses (no glitch), else
    /// the first CRTC any of its encoders can use that is not in `busyCRTCs`, else the first one
    /// possible at all. Returns the CRTC id and the encoder.
    public static func chooseCRTC(
        currentEncoder: UInt32, encoders: [Encoder], crtcIDs: [UInt32],
        busyCRTCs: Set<UInt32> = []
    ) -> (crtc: UInt32, encoder: UInt32)? {
        if let e = encoders.first(where: { $0.id == currentEncoder && $0.id != 0 }), e.currentCRTC != 0,
            crtcIDs.contains(e.currentCRTC)
        {
            return (e.currentCRTC, e.id)
        }
        var fallback: (crtc: UInt32, encoder: UInt32)?
        for e in encoders {
            for (i, crtc) in crtcIDs.enumerated() where i < 32 && e.possibleCRTCs & (1 << UInt32(i)) != 0 {
                if !busyCRTCs.contains(crtc) { return (crtc, e.id) }
                if fallback == nil { fallback = (crtc, e.id) }
            }
        }
        return fallback
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (no Foundation here).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
