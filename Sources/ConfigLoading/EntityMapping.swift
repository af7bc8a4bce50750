import Widgets

/// What a bound element does with its Home Assistant entity: chosen from the element's exposure (never
/// its kind) and the entity's domain, so check-config and the adapter read the same table.
public enum EntityUse: Sendable, Equatable {
    /// On or off: the state `on`/`off` (a cover: `open`/`closed`).
    case onOff
    /// A number: brightness %, target temperature, position, percentage, volume, a number's value.
    case number
    /// A climate's target_temp_low and target_temp_high.
    case pair
    /// One of the element's options, matched by its text to the entity's state or attribute.
    case select
    /// A colour (`0xRRGGBB`): a light's `rgb_color`.
    case color
    /// A press calls a service.
    case press
    /// A variable: the state or attribute, shown by templates.
    case readout
}

/// The mapping of exposures onto Home Assistant domains.
public enum EntityMapping {
    /// The domains each use fits (a press also fits any domain given an explicit `service`).
    public static let domains: [(EntityUse, [String])] = [
        (.onOff, ["light", "switch", "input_boolean", "fan", "automation", "cover", "lock"]),
        (.number, ["light", "climate", "cover", "fan", "media_player", "number", "input_number"]),
        (.pair, ["climate"]),
        (.color, ["light"]),
        (.select, ["select", "input_select", "climate", "fan", "media_player", "alarm_control_panel"]),
        (.press, ["scene", "script", "button", "media_player"]),
    ]

    /// Domains Home Assistant has that no element sets, but a variable may show.
    static let readOnly = [
        "sensor", "binary_sensor", "weather", "sun", "person", "device_tracker", "zone",
        "water_heater", "humidifier", "vacuum", "input_text", "input_datetime",
        "counter", "timer", "update", "siren", "camera", "event", "date", "time", "datetime", "text",
        "todo", "remote", "valve", "lawn_mower", "image", "calendar", "group", "input_button", "tts",
        "notify", "air_quality",
    ]

    /// Every domain the panel knows.
    public static var known: Set<String> { Set(domains.flatMap(\.1) + readOnly) }

    /// The attributes a select may be bound to, per domain (the first is the default; nil: the state).
    public static let selectAttributes: [String: [String?]] = [
        "select": [nil], "input_select": [nil], "climate": ["hvac_mode", "preset_mode"],
        "fan": ["preset_mode"], "media_player": ["source"], "alarm_control_panel": [nil],
    ]

    /// The use of an element with `exposure` bound to `domain`, nil when they do not fit.
    public static func use(_ exposure: ValueExposure, domain: String) -> EntityUse? {
        let use: EntityUse
        switch exposure {
        case .onOff: use = .onOff
        case .number: use = .number
        case .pair: use = .pair
        case .select: use = .select
        case .press: use = .press
        case .rgb: use = .color
        case .nothing: return nil
        }
        return domains.first { $0.0 == use }?.1.contains(domain) == true ? use : nil
    }

    /// In words, what an element of `exposure` may be bound to.
    public static func fitting(_ exposure: ValueExposure) -> String {
        let use: EntityUse? =
            switch exposure {
            case .onOff: .onOff
            case .number: .number
            case .pair: .pair
            case .select: .select
            case .press: .press
            case .rgb: .color
            case .nothing: nil
            }
        guard let use, let list = domains.first(where: { $0.0 == use })?.1 else {
            return "no entity (it holds no value: bind a [[variables]] entry to show an entity's state)"
        }
        let names = list.joined(separator: ", ")
        return use == .press ? "\(names), or any entity with `service`" : names
    }

    /// The domain of an entity id (`light` of `light.kitchen`), nil when it is not `domain.object_id`.
    public static func domain(of entity: String) -> String? {
        let parts = entity.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            entity.allSatisfy({ $0 == "." || $0 == "_" || ($0.isASCII && ($0.isLowercase || $0.isNumber)) })
        else { return nil }
        return String(parts[0])
    }
}
