import ConfigLoading
import Controls
import Core
import Formats
import Widgets

/// How a bound element's values and its device's payloads map onto each other.
extension DeviceLinks {
    typealias PayloadRefusal = MQTTBridge.PayloadRefusal

    /// The element's value of a state payload: the field at `state_json` (or the whole payload); then a
    /// text among the element's texts (on/off, options) is its index, `true`/`false` are 1/0, a number
    /// (or a text that is one) is mapped from `device_range`, `[a, b]` is a pair.
    static func value(of payload: [UInt8], for link: Link) -> Result<StoredValue, PayloadRefusal> {
        guard payload.count <= MQTTBridge.maximumBoundPayloadBytes else {
            return .failure(
                .init(kind: "long", message: "expected at most \(MQTTBridge.maximumBoundPayloadBytes) bytes"))
        }
        var field: JSON
        if let path = link.topics.stateJSON {
            guard let json = JSON.parse(payload) else {
                return .failure(
                    .init(kind: "json", message: "expected JSON (state_json = \"\(path.joined(separator: "."))\")"))
            }
            guard let found = json.at(path) else {
                return .failure(
                    .init(kind: "field", message: "expected a field at \"\(path.joined(separator: "."))\", found none"))
            }
            field = found
        } else {
            let text = String(decoding: payload, as: UTF8.self)
            field = link.texts?.contains(text) == true ? .string(text) : (JSON.parse(payload) ?? .string(text))
        }
        if case .string(let s) = field, let texts = link.texts {
            if let i = texts.firstIndex(of: s) ?? texts.firstIndex(where: { $0.lowercased() == s.lowercased() }) {
                return .success(.single(Double(i)))
            }
            if let d = NumberText.parse(s) { field = .number(d) }
        }
        // A finite device number may map to an infinite element one (1e308 through a range that widens).
        let infinite = PayloadRefusal(kind: "value", message: "expected a number the element's range can hold")
        switch field {
        case .bool(let b): return .success(.single(b ? 1 : 0))
        case .number(let d) where d.isFinite:
            let v = fromDevice(d, link)
            return v.isFinite ? .success(.single(v)) : .failure(infinite)
        case .string(let s):
            if let d = NumberText.parse(s) {
                let v = fromDevice(d, link)
                return v.isFinite ? .success(.single(v)) : .failure(infinite)
            }
            let expected = link.texts.map { "one of " + $0.map { "\"\($0)\"" }.joined(separator: ", ") } ?? "a number"
            return .failure(.init(kind: "value", message: "expected \(expected), found \"\(s.prefix(40))\""))
        case .array(let items) where items.count == 2:
            guard case .number(let a) = items[0], case .number(let b) = items[1], a.isFinite, b.isFinite else {
                fallthrough
            }
            let pair = StoredValue.pair(fromDevice(a, link), fromDevice(b, link))
            return pair.isFinite ? .success(pair) : .failure(infinite)
        default:
            return .failure(.init(kind: "value", message: "expected a number, a text or [a, b]"))
        }
    }

    /// The command payload for `value`: the element's template filled in, or by default the value in
    /// the device's numbers (an on/off or option element: its text).
    static func payload(_ value: StoredValue, for link: Link) -> String {
        let template = link.topics.commandPayload ?? (link.texts != nil ? "{option}" : "{value}")
        var out = ""
        for piece in CommandTemplate.pieces(template) {
            switch piece {
            case .text(let t): out += t
            case .placeholder(let p):
                switch CommandTemplate.Slot(p) {
                case .value?: out += deviceText(value, link)
                case .option?:
                    if case .single(let d) = value, let texts = link.texts,
                        let i = Int(exactly: d.rounded(.towardZero)),
                        texts.indices.contains(i)
                    {
                        out += texts[i]
                    } else {
                        out += deviceText(value, link)
                    }
                case .onOff(let off, let on)?:
                    if case .single(let d) = value { out += d == 0 ? off : on }
                case nil: out += "{\(p)}"
                }
            }
        }
        return out
    }

    private static func deviceText(_ value: StoredValue, _ link: Link) -> String {
        switch value {
        case .single(let d): return NumberFormat.plain(toDevice(d, link))
        case .pair(let a, let b):
            return "[\(NumberFormat.plain(toDevice(a, link))),\(NumberFormat.plain(toDevice(b, link)))]"
        }
    }

    /// A device number as the element's, through `device_range` onto the element's range.
    static func fromDevice(_ d: Double, _ link: Link) -> Double {
        guard let device = link.topics.deviceRange, let r = link.range else { return d }
        return r.minimum + (d - device.lowerBound) / (device.upperBound - device.lowerBound) * (r.maximum - r.minimum)
    }

    /// The element's number as the device's, rounded to a whole number when the device's range is whole.
    static func toDevice(_ d: Double, _ link: Link) -> Double {
        guard let device = link.topics.deviceRange, let r = link.range else { return d }
        let mapped =
            device.lowerBound + (d - r.minimum) / (r.maximum - r.minimum) * (device.upperBound - device.lowerBound)
        let whole = device.lowerBound.rounded() == device.lowerBound && device.upperBound.rounded() == device.upperBound
        return whole ? mapped.rounded() : mapped
    }
}
