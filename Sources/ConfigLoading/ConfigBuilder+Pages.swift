import Formats
import ConfigModel
import Controls
import Widgets

/// Pages and what elements do: the `[navigation]` section, and the screens and controls `actions`
/// name — checked at load, so a button never points at a screen that does not exist.
extension ConfigBuilder {
    mutating func navigation(_ t: ConfigTable?, screens: [ScreenConfig]) -> NavigationConfig {
        var n = NavigationConfig()
        guard let t else { return n }
        n.bar = t.string("bar").flatMap(NavigationConfig.Bar.init(rawValue:)) ?? .none
        n.returnHomeAfter = t.number("return_home_after") ?? 0
        n.swipe = t.bool("swipe") ?? true
        if let home = t.string("home") {
            if screens.contains(where: { $0.id == home }) {
                n.home = home
            } else {
                unknownScreen(t, "home", home, screens)
            }
        }
        return n
    }

    /// Every action's target: a screen that exists; a control that exists and takes the value's shape
    /// (within its `min`…`max` where it has them).
    mutating func checkActions(_ config: KioskConfig) {
        let controls = config.allControls
        for c in controls {
            for action in c.properties.tables("actions") + c.properties.tables("on_long_press") {
                checkProgram(action, "hook")
                if let screen = action.string("screen"), !config.screens.contains(where: { $0.id == screen }) {
                    unknownScreen(action, "screen", screen, config.screens)
                }
                if action["publish"] != nil { checkPublish(action, config) }
                if let id = action.string("prop"), let key = action.string("key"), let to = action.string("to") {
                    checkProperty(action, id: id, key: key, to: to, config)
                }
                guard let target = action.string("set") else { continue }
                guard let other = controls.first(where: { $0.id == target }), let kind = ElementKinds.named(other.kind)
                else {
                    let hint =
                        Validator.suggestion(for: target, among: controls.map(\.id)).map { "; did you mean \"\($0)\"?" }
                        ?? ""
                    fail(action, "set", "expected a control id, found \"\(target)\"\(hint)")
                    continue
                }
                checkPreset(action, for: other, shape: kind.valueShape)
            }
        }
    }

    /// A `publish` action: it needs `[mqtt]`, and its payload names controls and variables that exist.
    private mutating func checkPublish(_ action: ConfigTable, _ config: KioskConfig) {
        if config.mqtt == nil { fail(action, "publish", "expected an [mqtt] section to publish with, found none") }
        guard let text = action.string("payload"), let template = try? TextTemplate(parsing: text) else { return }
        let known = config.allControls.map(\.id) + config.variables.map(\.id)
        for name in template.names where !known.contains(name) {
            let hint = Validator.suggestion(for: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(action, "payload", "expected control and variable ids in {…}, found {\(name)}\(hint)")
        }
    }

    /// A `prop` action: an element that exists, and a value its key takes (as `ctl prop` checks it).
    private mutating func checkProperty(
        _ action: ConfigTable, id: String, key: String, to: String, _ config: KioskConfig
    ) {
        guard let target = config.allControls.first(where: { $0.id == id }) else {
            let hint =
                Validator.suggestion(for: id, among: config.allControls.map(\.id)).map { "; did you mean \"\($0)\"?" }
                ?? ""
            fail(action, "prop", "expected an element id, found \"\(id)\"\(hint)")
            return
        }
        let value: JSON = to == "true" ? .bool(true) : to == "false" ? .bool(false) : .string(to)
        do throws(PropertyError) { _ = try PropertyEdits.value(value, key: key, of: target, in: config) } catch {
            fail(action, "to", "expected a value \(id) takes: \(error)")
        }
    }

    /// A preset's value against the control it sets.
    private mutating func checkPreset(_ action: ConfigTable, for control: ControlConfig, shape: ValueShape) {
        let given = action.numbers("value") ?? action.number("value").map { [$0] } ?? []
        // A `set` without a value is reported once, by the action's own check; a second error here
        // ("found [a, b]" for a value never written) would only mislead.
        if action["value"] == nil && shape != .nothing { return }
        switch shape {
        case .nothing:
            fail(action, "set", "expected a control that holds a value, found \"\(control.id)\" (a \(control.kind))")
        case .single where given.count != 1:
            fail(action, "value", "expected a number (\(control.id) holds one), found [a, b]")
        case .pair where given.count != 2:
            fail(action, "value", "expected [a, b] (\(control.id) is a \(control.kind)), found a number")
        default:
            let p = control.properties
            guard p["min"] != nil || p["max"] != nil else { return }
            let (lo, hi) = ElementKeys.range(p)
            for v in given where v < min(lo, hi) || v > max(lo, hi) {
                fail(
                    action, "value",
                    "expected a value from \(Schema.format(lo)) to \(Schema.format(hi)) (\(control.id)'s range), found \(Schema.format(v))"
                )
            }
        }
    }

    private mutating func unknownScreen(_ t: ConfigTable, _ key: String, _ id: String, _ screens: [ScreenConfig]) {
        let hint = Validator.suggestion(for: id, among: screens.map(\.id)).map { "; did you mean \"\($0)\"?" } ?? ""
        fail(t, key, "expected a screen id (" + screens.map(\.id).joined(separator: ", ") + "), found \"\(id)\"\(hint)")
    }
}
