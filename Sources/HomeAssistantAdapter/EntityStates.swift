import ConfigLoading
import Controls
import Formats
import HomeAssistant

/// The domains whose states say more than on/off or an option: a lock (`locking`, `jammed`), an alarm
/// panel (`arming`, `triggered`, its arm modes and its code), and a light's colour temperature. What a
/// state means for the element's value, the service that sets it, and what the element says beside
/// its value while the entity is on its way or in trouble.
enum EntityStates {
    /// A lock's state as a toggle's value: locked (and locking: where it is going) on, unlocked
    /// (unlocking, open, opening) off; a jammed lock has no position to show.
    static func lockValue(_ state: String) -> Result<StoredValue, EntityValueProblem> {
        switch state {
        case "locked", "locking": return .success(.single(1))
        case "unlocked", "unlocking", "open", "opening": return .success(.single(0))
        case "jammed": return .failure(.init(message: "the lock is jammed; its toggle is marked"))
        default: return .failure(.init(message: "expected locked or unlocked, found \"\(state.prefix(40))\""))
        }
    }

    /// The lock's service for the toggle's value.
    static func lockService(_ on: Bool) -> String { on ? "lock" : "unlock" }

    /// The arm modes an alarm panel's `supported_features` offers, in HA's order after `disarmed`.
    static let armModes: [(feature: Int, state: String)] = [
        (1, "armed_home"), (2, "armed_away"), (4, "armed_night"), (32, "armed_vacation"),
        (16, "armed_custom_bypass"),
    ]

    /// The options of an alarm panel: `disarmed` and the modes it supports.
    static func alarmOptions(_ state: EntityState) -> [String]? {
        guard let features = state[attribute: "supported_features"]?.numberValue, features.isFinite else { return nil }
        let bits = Int(exactly: features.rounded()) ?? 0
        return ["disarmed"] + armModes.filter { bits & $0.feature != 0 }.map(\.state)
    }

    /// The option an alarm panel's state shows: the mode it is in, or the one it is arming towards
    /// (`next_state` of a manual alarm) while `arming` or `pending`; nil when it says none (triggered).
    static func alarmShown(_ state: EntityState) -> String? {
        switch state.state {
        case "arming", "pending": return state[attribute: "next_state"]?.stringValue
        case "triggered": return nil
        default: return state.state
        }
    }

    /// The alarm panel's service for an option (`alarm_disarm`, `alarm_arm_home`…), nil for none.
    static func alarmService(_ option: String) -> String? {
        if option == "disarmed" { return "alarm_disarm" }
        guard option.hasPrefix("armed_"), armModes.contains(where: { $0.state == option }) else { return nil }
        return "alarm_arm_" + option.dropFirst("armed_".count)
    }

    /// The options of `link` whose choice asks for the entity's code: disarming when the panel has a
    /// `code_format`, arming too when it also says `code_arm_required`.
    static func codeOptions(_ state: EntityState, options: [String]) -> [Int] {
        guard case .string? = state[attribute: "code_format"] else { return [] }
        let arming = state[attribute: "code_arm_required"] != .bool(false)
        return options.indices.filter { options[$0] == "disarmed" || (arming && options[$0].hasPrefix("armed_")) }
    }

    /// What the element says beside its value for `state`: the way the entity is going, or a
    /// problem (marked as one); nil when the state is settled.
    static func status(_ state: EntityState, domain: String) -> (text: String, problem: Bool)? {
        switch (domain, state.state) {
        case ("lock", "locking"): return ("Locking\u{2026}", false)
        case ("lock", "unlocking"): return ("Unlocking\u{2026}", false)
        case ("lock", "opening"): return ("Opening\u{2026}", false)
        case ("lock", "jammed"): return ("Jammed", true)
        case ("alarm_control_panel", "arming"): return ("Arming\u{2026}", false)
        case ("alarm_control_panel", "pending"): return ("Alarm pending\u{2026}", false)
        case ("alarm_control_panel", "triggered"): return ("Alarm triggered", true)
        default: return nil
        }
    }

    /// The colour a marked element takes while its entity is in trouble (a jammed lock).
    static let problemColor = "#d32f2f"

    /// Whether `b` is a light's colour temperature in kelvin.
    static func isColorTemperature(_ b: EntityBinding) -> Bool {
        b.domain == "light" && b.attribute == "color_temp_kelvin"
    }

    /// HA's colour temperature range of a light (its `min_color_temp_kelvin`…`max_color_temp_kelvin`,
    /// HA's own defaults where it says none).
    static func kelvinRange(_ state: EntityState?) -> (Double, Double) {
        (
            state?[attribute: "min_color_temp_kelvin"]?.numberValue ?? 2000,
            state?[attribute: "max_color_temp_kelvin"]?.numberValue ?? 6535
        )
    }
}
