import ConfigLoading
import Controls
import Core
import Formats
import HomeAssistant
import Widgets

/// One bound element as the adapter holds it: its binding and what its value is (its exposure).
struct EntityLink {
    var binding: EntityBinding
    var exposure: ValueExposure
    /// The keys the element takes from its entity at run time (`EntityKeys`).
    var adaptable: Set<String> = []
    /// Whether the element's range is now the entity's own (set from its attributes): no mapping then.
    var entityRange = false

    var entity: String? { binding.entity }

    /// The element's own range (a number or a pair).
    var range: NumberRange? {
        switch exposure {
        case .number(let r), .pair(let r, _, _): return r
        default: return nil
        }
    }
}

/// Why an entity's state gives the element no value.
struct EntityValueProblem: Error, Equatable {
    var message: String
}

/// How entity states become element values and element values become service calls, per use and
/// domain (the table of docs/home-assistant.md).
enum EntityValues {
    /// States that say HA does not know the entity's state: the element is shown unavailable.
    static func isUnavailable(_ state: EntityState?) -> Bool {
        guard let state else { return true }
        return state.state == "unavailable" || state.state == "unknown"
    }

    /// The element's value for `state`.
    static func value(of state: EntityState, for link: EntityLink) -> Result<StoredValue, EntityValueProblem> {
        let b = link.binding
        switch b.use {
        case .onOff:
            let s = state.state.lowercased()
            if b.domain == "lock" { return EntityStates.lockValue(s) }
            if b.domain == "cover" {
                if s == "open" || s == "opening" { return .success(.single(1)) }
                if s == "closed" || s == "closing" { return .success(.single(0)) }
            } else if s == "on" || s == "off" {
                return .success(.single(s == "on" ? 1 : 0))
            }
            return .failure(.init(message: "expected on or off, found \"\(state.state.prefix(40))\""))
        case .number:
            guard let h = number(state, b) else {
                return .failure(
                    .init(
                        message:
                            "expected a number in \(b.attribute ?? defaultAttribute(b.domain) ?? "its state"), found none"
                    ))
            }
            return toElement(h, link, state).map { .single($0) }
        case .pair:
            guard let low = state[attribute: "target_temp_low"]?.numberValue,
                let high = state[attribute: "target_temp_high"]?.numberValue
            else {
                return .failure(
                    .init(
                        message:
                            "expected target_temp_low and target_temp_high (a climate in heat_cool mode), found none"))
            }
            return toElement(low, link, state).flatMap { a in toElement(high, link, state).map { .pair(a, $0) } }
        case .select:
            guard case .select(let options) = link.exposure else { return .failure(.init(message: "not a choice")) }
            let text = selectText(state, b)
            guard let text else { return .failure(.init(message: "expected a \(b.attribute ?? "state"), found none")) }
            guard let i = options.firstIndex(where: { $0.lowercased() == text.lowercased() }) else {
                return .failure(
                    .init(
                        message: "\"\(text.prefix(40))\" is none of the element's options ("
                            + options.map { "\"\($0)\"" }.joined(separator: ", ") + ")"))
            }
            return .success(.single(Double(i)))
        case .color:
            // HA clears a light's colour while it is off: the wheel then shows black, the light's output.
            if state.state == "off" { return .success(.single(0)) }
            var rgb: [Double] = []
            if case .array(let parts)? = state[attribute: "rgb_color"] { rgb = parts.compactMap(\.numberValue) }
            guard rgb.count == 3 else {
                return .failure(.init(message: "expected rgb_color (a light in a colour mode), found none"))
            }
            return .success(
                .single(Double(EntityColor.shown(rgb, brightness: state[attribute: "brightness"]?.numberValue))))
        case .press, .readout:
            return .failure(.init(message: "holds no value"))
        }
    }

    /// A select's text: the state, or the attribute (a climate's `hvac_mode` is its state).
    static func selectText(_ state: EntityState, _ b: EntityBinding) -> String? {
        if b.domain == "alarm_control_panel" { return EntityStates.alarmShown(state) }
        guard let attribute = b.attribute, !(b.domain == "climate" && attribute == "hvac_mode") else {
            return state.state
        }
        return state[attribute: attribute]?.stringValue
    }

    /// The attribute a number reads by default (nil: the state).
    static func defaultAttribute(_ domain: String) -> String? {
        switch domain {
        case "light": return "brightness"
        case "climate": return "temperature"
        case "cover": return "current_position"
        case "fan": return "percentage"
        case "media_player": return "volume_level"
        default: return nil
        }
    }

    /// HA's number for a number element, in the units its service takes (a light's brightness as %).
    static func number(_ state: EntityState, _ b: EntityBinding) -> Double? {
        if let attribute = b.attribute {
            return state[attribute: attribute]?.numberValue
                ?? NumberText.parse(state[attribute: attribute]?.stringValue ?? "")
        }
        switch b.domain {
        case "light":
            if state.state == "off" { return 0 }
            return state[attribute: "brightness"]?.numberValue.map { ($0 / 255 * 100).rounded() }
        case "fan":
            if state.state == "off" { return 0 }
            return state[attribute: "percentage"]?.numberValue
        case "climate", "cover", "media_player":
            return state[attribute: defaultAttribute(b.domain)!]?.numberValue
        default:
            return NumberText.parse(state.state)
        }
    }

    /// HA's range of a number, from the entity's attributes where it says; a failure naming what HA
    /// said when that is no range (an end not finite, the low end not below the high one, a width no
    /// Double holds): HA's data must never build an inverted `ClosedRange`, which traps.
    static func haRange(_ state: EntityState?, _ b: EntityBinding) -> Result<ClosedRange<Double>, EntityValueProblem> {
        func attr(_ name: String) -> Double? { state?[attribute: name]?.numberValue }
        let (loName, hiName, lo, hi): (String, String, Double, Double)
        switch b.domain {
        case "climate":
            (loName, hiName, lo, hi) = ("min_temp", "max_temp", attr("min_temp") ?? 7, attr("max_temp") ?? 35)
        case "number", "input_number": (loName, hiName, lo, hi) = ("min", "max", attr("min") ?? 0, attr("max") ?? 100)
        case "media_player": return .success(0...1)
        case "light" where EntityStates.isColorTemperature(b):
            let (low, high) = EntityStates.kelvinRange(state)
            (loName, hiName, lo, hi) = ("min_color_temp_kelvin", "max_color_temp_kelvin", low, high)
        default: return .success(0...100)
        }
        guard let range = usableRange(lo, hi) else {
            return .failure(
                .init(
                    message: "its range (\(loName) \(NumberFormat.plain(lo)), \(hiName) \(NumberFormat.plain(hi))) "
                        + "is empty or not finite; its value is not shown"))
        }
        return .success(range)
    }

    /// `lo...hi` when it is a range a mapping can use: both ends finite, `lo` below `hi`, the width finite.
    static func usableRange(_ lo: Double, _ hi: Double) -> ClosedRange<Double>? {
        guard lo.isFinite, hi.isFinite, lo < hi, (hi - lo).isFinite else { return nil }
        return lo...hi
    }

    /// An HA number as the element's: as it is when the element's range is HA's own (the config set
    /// it, or it was taken from the entity), else HA's range mapped onto the element's (a light's 0–100 %,
    /// a volume's 0–1). A number that is not finite, or not finite once mapped, is refused.
    static func toElement(_ h: Double, _ link: EntityLink, _ state: EntityState?) -> Result<Double, EntityValueProblem>
    {
        var v = h
        if !link.binding.ownRange, !link.entityRange, let r = link.range {
            switch haRange(state, link.binding) {
            case .success(let ha):
                v = r.minimum + (h - ha.lowerBound) / (ha.upperBound - ha.lowerBound) * (r.maximum - r.minimum)
            case .failure(let problem): return .failure(problem)
            }
        }
        guard v.isFinite else {
            return .failure(.init(message: "\(NumberFormat.plain(h)) is not a number the element can show"))
        }
        return .success(v)
    }

    /// The element's number as HA's. Where HA's range is unusable (refused in `toElement`), the
    /// domain's default range keeps the element working: HA answers a value out of its range itself.
    static func toHA(_ v: Double, _ link: EntityLink, _ state: EntityState?) -> Double {
        guard !link.binding.ownRange, !link.entityRange, let r = link.range else { return v }
        let ha = (try? haRange(state, link.binding).get()) ?? (try? haRange(nil, link.binding).get()) ?? 0...100
        let h = ha.lowerBound + (v - r.minimum) / (r.maximum - r.minimum) * (ha.upperBound - ha.lowerBound)
        // Whole-number services (percentages) take whole numbers; a volume or temperature keeps its fraction.
        return ["light", "cover", "fan"].contains(link.binding.domain) ? h.rounded() : h
    }

    /// The service call that sets the entity to the element's `value` (a press: nil value).
    /// `code`: what the panel's number pad took for an alarm panel (sent in the call's data, never kept).
    static func call(
        _ value: StoredValue?, for link: EntityLink, state: EntityState?, code: String? = nil
    ) -> ServiceCall? {
        let b = link.binding
        func aimed(_ domain: String, _ service: String, _ data: [(String, JSON)]) -> ServiceCall? {
            guard let entity = b.entity else { return nil }
            return ServiceCall(
                domain: domain, service: service, entity: entity, data: data.isEmpty ? nil : .object(data))
        }
        switch (b.use, value) {
        case (.press, _):
            if let service = b.service {
                return ServiceCall(
                    domain: service.domain, service: service.name, data: b.data,
                    target: b.entity.map { .object([("entity_id", .string($0))]) })
            }
            switch b.domain {
            case "scene", "script": return aimed(b.domain, "turn_on", [])
            case "button": return aimed("button", "press", [])
            case "media_player": return aimed("media_player", "media_play_pause", [])
            default: return nil
            }
        case (.onOff, .single(let d)?):
            if b.domain == "cover" { return aimed("cover", d != 0 ? "open_cover" : "close_cover", []) }
            if b.domain == "lock" { return aimed("lock", EntityStates.lockService(d != 0), []) }
            return aimed(b.domain, d != 0 ? "turn_on" : "turn_off", [])
        case (.number, .single(let v)?):
            let h = toHA(v, link, state)
            if let attribute = b.attribute, b.domain == "climate" {
                return aimed("climate", "set_temperature", [(attribute, .number(h))])
            }
            if EntityStates.isColorTemperature(b) {
                return aimed("light", "turn_on", [("color_temp_kelvin", .number(h.rounded()))])
            }
            switch b.domain {
            case "light": return aimed("light", "turn_on", [("brightness_pct", .number(h))])
            case "climate": return aimed("climate", "set_temperature", [("temperature", .number(h))])
            case "cover": return aimed("cover", "set_cover_position", [("position", .number(h))])
            case "fan": return aimed("fan", "set_percentage", [("percentage", .number(h))])
            case "media_player": return aimed("media_player", "volume_set", [("volume_level", .number(h))])
            default: return aimed(b.domain, "set_value", [("value", .number(h))])
            }
        case (.pair, .pair(let a, let c)?):
            return aimed(
                "climate", "set_temperature",
                [
                    ("target_temp_low", .number(toHA(a, link, state))),
                    ("target_temp_high", .number(toHA(c, link, state))),
                ])
        case (.color, .single(let d)?):
            // Black is the light off: HA would otherwise keep it on, emitting nothing.
            guard let sent = EntityColor.sent(d.isFinite ? Int(max(0, min(16_777_215, d.rounded()))) : 0) else {
                return aimed("light", "turn_off", [])
            }
            return aimed(
                "light", "turn_on",
                [
                    ("rgb_color", .array(sent.rgb.map { .number(Double($0)) })),
                    ("brightness", .number(Double(sent.brightness))),
                ])
        case (.select, .single(let d)?):
            // `Int(exactly:)`: an index that is not a whole number an Int holds (1e19, NaN) must not trap.
            guard case .select(let options) = link.exposure, let i = Int(exactly: d), options.indices.contains(i)
            else { return nil }
            let option = JSON.string(options[i])
            if b.domain == "alarm_control_panel" {
                guard let service = EntityStates.alarmService(options[i]) else { return nil }
                return aimed(b.domain, service, code.map { [("code", .string($0))] } ?? [])
            }
            switch (b.domain, b.attribute) {
            case ("climate", "hvac_mode"): return aimed("climate", "set_hvac_mode", [("hvac_mode", option)])
            case (_, "preset_mode"): return aimed(b.domain, "set_preset_mode", [("preset_mode", option)])
            case ("media_player", _): return aimed("media_player", "select_source", [("source", option)])
            default: return aimed(b.domain, "select_option", [("option", option)])
            }
        default:
            return nil
        }
    }

    /// A variable's value from its entity: a number variable takes a number, a text one the text.
    static func variableValue(_ state: EntityState, attribute: String?, text: Bool) -> JSON? {
        let field: JSON? = attribute.map { state[attribute: $0] } ?? .string(state.state)
        switch field {
        case .string(let s)?: return text ? .string(s) : NumberText.parse(s).map(JSON.number)
        case .number(let d)?: return text ? .string(NumberFormat.plain(d)) : .number(d)
        case .bool(let b)?: return text ? .string(b ? "true" : "false") : .number(b ? 1 : 0)
        default: return nil
        }
    }
}
