import Glibc

/// How the config picks touch devices. Several criteria may be given; a device matching any is used.
public enum DeviceCriterion: Hashable, Sendable, CustomStringConvertible {
    /// Every touchscreen: INPUT_PROP_DIRECT with MT or absolute X/Y axes.
    case automatic
    /// Exactly this device node (`/dev/input/event3`, or a stable `/dev/input/by-path/…` link).
    case path(String)
    /// Devices whose name matches: a shell pattern (`*`, `?`, `[…]`) or, without wildcards, a
    /// substring; case-insensitive either way.
    case namePattern(String)
    /// Devices with this USB vendor and product id.
    case usb(vendor: UInt16, product: UInt16)

    /// Parses the config/command-line spelling: `auto`, `/dev/…` (a path), `usb:VVVV:PPPP`
    /// (hex, as lsusb prints), `name:PATTERN`. Nil for anything else.
    public init?(parsing text: String) {
        if text == "auto" || text == "automatic" { self = .automatic; return }
        if text.hasPrefix("/") { self = .path(text); return }
        if text.hasPrefix("name:") {
            let pattern = String(text.dropFirst(5))
            guard !pattern.isEmpty else { return nil }
            self = .namePattern(pattern)
            return
        }
        if text.hasPrefix("usb:") {
            let parts = text.dropFirst(4).split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ $0.count == 4 }),
                let v = UInt16(parts[0], radix: 16), let p = UInt16(parts[1], radix: 16)
            else { return nil }
            self = .usb(vendor: v, product: p)
            return
        }
        return nil
    }

    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .path(let p): return p
        case .namePattern(let p): return "name:\(p)"
        case .usb(let v, let p): return "usb:\(hex4(v)):\(hex4(p))"
        }
    }

    /// True when this (explicit) criterion names the device; `.automatic` never names one.
    func names(path: String, capabilities caps: DeviceCapabilities) -> Bool {
        switch self {
        case .automatic: return false
        case .path(let p): return p == path || realPath(p) == realPath(path)
        case .namePattern(let pattern): return DeviceCriterion.nameMatches(caps.name, pattern: pattern)
        case .usb(let v, let p): return caps.identity.vendor == v && caps.identity.product == p
        }
    }

    /// Case-insensitive shell-pattern match, or substring match when the pattern has no wildcard.
    static func nameMatches(_ name: String, pattern: String) -> Bool {
        let n = name.lowercased(), p = pattern.lowercased()
        // No wildcard: a substring, as the pattern between two stars taken literally (fnmatch rather
        // than String's substring `contains`, which is _StringProcessing's and brings the regex parser).
        if !p.contains(where: { "*?[".contains($0) }) { return fnmatch("*" + p + "*", n, FNM_NOESCAPE) == 0 }
        return fnmatch(p, n, 0) == 0
    }
}

/// The resolved target of a path (following /dev/input/by-id links), or the path itself.
func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// Whether a device is used, and why (list-devices prints these; the hub logs them).
public struct DeviceVerdict: Hashable, Sendable {
    /// The device node judged.
    public var path: String
    /// The device name, when it could be read.
    public var name: String?
    /// True when the hub uses (or would use) the device.
    public var accepted: Bool
    /// Why it is used, or why not: one line, for people.
    public var reason: String
}

/// Decides which devices are touch inputs, with a reason for every decision.
public enum DeviceSelector {
    /// Judges one device. `capabilities` is nil when it could not be opened (`openError` says why).
    public static func evaluate(
        path: String, capabilities: DeviceCapabilities?, openError: String? = nil,
        criteria: [DeviceCriterion]
    ) -> DeviceVerdict {
        let criteria = criteria.isEmpty ? [.automatic] : criteria
        guard let caps = capabilities else {
            return DeviceVerdict(
                path: path, name: nil, accepted: false, reason: "cannot be opened: \(openError ?? "unknown error")")
        }
        func verdict(_ accepted: Bool, _ reason: String) -> DeviceVerdict {
            DeviceVerdict(path: path, name: caps.name, accepted: accepted, reason: reason)
        }
        guard let proto = caps.touchProtocol, let axes = caps.positionAxes else {
            return verdict(false, "no absolute position axes (ABS_MT_POSITION_X/Y or ABS_X/Y): not a touch device")
        }
        let shape =
            "\(proto.rawValue)" + (proto == .multitouchB ? " with \(caps.slotCount) slots" : "")
            + ", x \(axes.x.minimum)…\(axes.x.maximum), y \(axes.y.minimum)…\(axes.y.maximum)"
        if let named = criteria.first(where: { $0.names(path: path, capabilities: caps) }) {
            let note = caps.isDirect ? "" : " (not marked INPUT_PROP_DIRECT: used because the config names it)"
            return verdict(true, "matches '\(named)': \(shape)\(note)")
        }
        if criteria.contains(.automatic) {
            if caps.isDirect { return verdict(true, "touchscreen (INPUT_PROP_DIRECT): \(shape)") }
            return verdict(
                false,
                "absolute axes but no INPUT_PROP_DIRECT (a touchpad or tablet?): name it in the config "
                    + "(path, name:PATTERN or usb:VVVV:PPPP) to use it anyway")
        }
        return verdict(false, "does not match " + criteria.map { "'\($0)'" }.joined(separator: " or "))
    }
}

/// Finds evdev nodes.
public enum DeviceScanner {
    /// `eventN` names (what the kernel creates; `mouseN`/`jsN` are other interfaces).
    public static func isEventNode(_ name: String) -> Bool {
        name.hasPrefix("event") && name.count > 5 && name.dropFirst(5).allSatisfy(\.isNumber)
    }

    /// The `eventN` nodes in `directory`, in number order; nil when the directory does not exist.
    public static func eventNodes(in directory: String = "/dev/input") -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isEventNode(name) { names.append(name) }
        }
        return names.sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }.map { directory + "/" + $0 }
    }
}
