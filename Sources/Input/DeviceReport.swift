import CEvdev
import Core

/// Human-readable descriptions of devices and frames, for `list-devices` and `replay`.
public enum DeviceReport {
    /// The kernel's name of an event code (`ABS_MT_POSITION_X`), or the number when libevdev has none.
    public static func codeName(type: UInt16, code: UInt16) -> String {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) } ?? "\(type):\(code)"
    }

    /// The name of an input property (`INPUT_PROP_DIRECT`).
    public static func propertyName(_ prop: UInt16) -> String {
        libevdev_property_get_name(UInt32(prop)).map { String(cString: $0) } ?? "property \(prop)"
    }

    /// A device's facts and the verdict on it, one fact per line, indented under its path.
    public static func lines(path: String, capabilities caps: DeviceCapabilities?, verdict: DeviceVerdict) -> [String] {
        guard let caps else { return ["\(path): cannot be opened", "  → not used: \(verdict.reason)"] }
        var out = ["\(path): \"\(caps.name)\""]
        out.append("  id: \(caps.identity)" + (caps.identity.isUSB ? " (USB)" : ""))
        let props = caps.properties.sorted().map(propertyName)
        out.append("  properties: " + (props.isEmpty ? "none" : props.joined(separator: ", ")))
        let axes = caps.axes.keys.sorted().map { code -> String in
            let a = caps.axes[code]!
            return "\(codeName(type: EventCode.absType, code: code)) \(a.minimum)…\(a.maximum)"
                + (a.resolution > 0 ? " (\(a.resolution)/mm)" : "")
        }
        out.append("  axes: " + (axes.isEmpty ? "none" : axes.joined(separator: ", ")))
        out.append(
            "  touch: " + (caps.touchProtocol.map { $0.rawValue } ?? "none")
                + (caps.slotCount > 0 ? ", \(caps.slotCount) slots" : "")
                + (caps.canRumble ? ", rumble (EV_FF/FF_RUMBLE)" : ""))
        out.append("  → " + (verdict.accepted ? "used: " : "not used: ") + verdict.reason)
        return out
    }

    /// One replay line: time (seconds, 6 decimals), then every touch as
    /// `slot N id T phase (x, y)` with the position in display pixels to 0.1 px.
    public static func frameLine(_ frame: TouchFrame) -> String {
        ([fixed(frame.time, decimals: 6)]
            + frame.touches.map { t in
                "slot \(t.slot) id \(t.trackingID) \(t.phase.rawValue) (\(fixed(t.position.x, decimals: 1)), \(fixed(t.position.y, decimals: 1)))"
            }).joined(separator: "  ")
    }

    /// `value` with exactly `decimals` digits after the point (no Foundation formatting).
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return "\(value)" }
        let whole = Int64(scaled) / Int64(scale), fraction = Int64(scaled) % Int64(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + "\(whole)" }
        let digits = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}
