import ConfigLoading
import ConfigModel
import Formats
import HomeAssistant
import Widgets

/// An element's keys taken from its entity's attributes while the kiosk runs (the range of a number,
/// the options of a choice, the unit), where the element's config leaves them out: the element then
/// follows the entity, as a Home Assistant user expects of "its options are the entity's".
enum EntityKeys {
    /// The keys this adapter may set on an element, in the order they are set.
    static let all = ["min", "max", "decimals", "unit", "options"]

    /// The keys of `all` that element `c` leaves to its entity: its kind has them, its config does not
    /// (a spinner's `items` stand for its options too).
    static func adaptable(_ c: ControlConfig) -> Set<String> {
        guard let kind = ElementKinds.named(c.kind) else { return [] }
        return Set(
            all.filter {
                kind.schema.field($0) != nil && c.properties[$0] == nil
                    && !($0 == "options" && c.properties["items"] != nil)
            })
    }

    /// What `state`'s attributes say of `link`'s keys (only those it may set, and only those HA says).
    static func wanted(_ state: EntityState, for link: EntityLink) -> [String: JSON] {
        let b = link.binding
        func number(_ name: String) -> JSON? { state[attribute: name]?.numberValue.map(JSON.number) }
        var keys: [String: JSON] = [:]
        switch b.use {
        case .number, .pair:
            switch b.domain {
            case "number", "input_number":
                keys["min"] = number("min")
                keys["max"] = number("max")
                keys["decimals"] = state[attribute: "step"]?.numberValue.map { .number(Double(decimals(of: $0))) }
                keys["unit"] = state[attribute: "unit_of_measurement"]?.stringValue.map(JSON.string)
            case "climate":
                keys["min"] = number("min_temp")
                keys["max"] = number("max_temp")
                // HA's own default step for a setpoint is a tenth or a half: one decimal either way.
                keys["decimals"] = .number(
                    Double(decimals(of: state[attribute: "target_temp_step"]?.numberValue ?? 0.1)))
            case "light" where EntityStates.isColorTemperature(b):
                keys["min"] = number("min_color_temp_kelvin")
                keys["max"] = number("max_color_temp_kelvin")
                keys["decimals"] = .number(0)
                keys["unit"] = .string("K")
            case "light", "cover", "fan", "media_player":
                keys["unit"] = .string("%")
            default: break
            }
        case .select:
            let list: String? =
                switch (b.domain, b.attribute) {
                case ("select", _), ("input_select", _): "options"
                case ("climate", "preset_mode"), ("fan", _): "preset_modes"
                case ("climate", _): "hvac_modes"
                case ("media_player", _): "source_list"
                default: nil
                }
            if b.domain == "alarm_control_panel", let options = EntityStates.alarmOptions(state) {
                keys["options"] = .array(options.map(JSON.string))
            }
            if let list, case .array(let items)? = state[attribute: list] {
                let texts = items.compactMap(\.stringValue)
                if !texts.isEmpty && texts.count == items.count { keys["options"] = .array(texts.map(JSON.string)) }
            }
        default: break
        }
        // A range HA gives only whole and usable (`EntityValues.usableRange`), or neither end.
        let low = keys["min"]?.numberValue, high = keys["max"]?.numberValue
        if low.flatMap({ lo in high.flatMap { EntityValues.usableRange(lo, $0) } }) == nil {
            keys["min"] = nil
            keys["max"] = nil
        }
        return keys.filter { link.adaptable.contains($0.key) }
    }

    /// The decimals a step needs (0.5: 1, 0.01: 2, 1: 0), at most 6.
    static func decimals(of step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        for d in 0...6 {
            let scaled = step * Double(Int(pow10(d)))
            if abs(scaled - scaled.rounded()) < 1e-9 * max(1, scaled) { return d }
        }
        return 6
    }

    private static func pow10(_ d: Int) -> Double { (0..<d).reduce(1.0) { a, _ in a * 10 } }

    /// The order to set `keys` in so that `min` never passes `max` on the way (the element's range
    /// now `current`).
    static func ordered(_ keys: [String: JSON], current: NumberRange?) -> [(String, JSON)] {
        var names = all.filter { keys[$0] != nil }
        if let low = keys["min"]?.numberValue, let current, low >= current.maximum,
            let i = names.firstIndex(of: "min"), let j = names.firstIndex(of: "max")
        {
            names.swapAt(i, j)
        }
        return names.map { ($0, keys[$0]!) }
    }

    /// `link` as it is once `keys` were set on its element.
    static func applying(_ keys: [String: JSON], to link: EntityLink) -> EntityLink {
        var l = link
        if let low = keys["min"]?.numberValue, let high = keys["max"]?.numberValue {
            l.entityRange = true
            switch l.exposure {
            case .number(var r):
                r.minimum = low; r.maximum = high
                l.exposure = .number(r)
            case .pair(var r, let lowKey, let highKey):
                r.minimum = low; r.maximum = high
                l.exposure = .pair(r, low: lowKey, high: highKey)
            default: break
            }
        }
        if case .array(let items)? = keys["options"], case .select = l.exposure {
            l.exposure = .select(options: items.compactMap(\.stringValue))
        }
        return l
    }
}
