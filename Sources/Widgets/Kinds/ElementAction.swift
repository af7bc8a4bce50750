import ConfigModel
import Controls
import Core

/// What a button, toggle or choice does when it acts, besides its own value: written in the config as
/// an `actions` array of inline tables, each with exactly one of the keys below.
public enum ElementAction: Hashable, Sendable {
    /// Show the screen with this id.
    case screen(String)
    /// Show the screen shown before this one.
    case back
    /// Set a control (of any screen) as `ctl set` would: a preset.
    case set(control: String, value: StoredValue)
    /// Run a program (no shell); `{id}` and `{value}` are substituted.
    case hook([String])
    /// Tell socket subscribers and the element's hooks: `{"event":"action","id":…,"name":…}`.
    case event(String)
    /// Publish a message over MQTT: `payload` is a template over values and variables.
    case publish(topic: String, payload: TextTemplate, retain: Bool)
    /// Change one of an element's keys (text, label, title, color, icon, hidden, enabled, min, max,
    /// decimals, unit, options) as `ctl prop` does: `to` is the new value as text (`"true"`/`"false"`
    /// for a switch).
    case property(element: String, key: String, to: String)
    /// Ask `question` first (a modal dialog, No and Yes); the action runs only on Yes.
    indirect case confirmed(question: String, action: ElementAction)

    /// The keys of one action table.
    static let schema = Schema([
        Field("screen", .string, "Show the screen with this id."),
        Field("back", .bool, "true: show the screen shown before."),
        Field("set", .string, "A control id (of any screen) to set, with `value`: a preset."),
        Field("value", .numberOrPair, "The value `set` gives."),
        Field("hook", .strings(nonEmpty: true), "argv run (no shell); {id} and {value} are substituted."),
        Field("event", .string, "An event name told to `ctl watch` subscribers and the element's hooks."),
        Field("publish", .string, "An MQTT topic (needs `[mqtt]`) to publish `payload` to."),
        Field(
            "payload", .string, default: "\"\"",
            "What `publish` sends: a template over control values and variables (`\"{pump}\"`, `{\"speed\":{fan}}`)."),
        Field("retain", .bool, default: "false", "`publish` sends a retained message."),
        Field(
            "prop", .string,
            "An element id whose `key` becomes `to` while the kiosk runs, as `ctl prop` does (kept until a reload)."),
        Field(
            "key", .string,
            "With `prop`: the key (text, label, title, color, icon, hidden, enabled, min, max, decimals, unit or options)."
        ),
        Field("to", .string, "With `prop`: the new value (`\"red\"`, `\"Stop\"`, `\"true\"`)."),
        Field(
            "confirm", .string,
            "Ask this first (`\"Start irrigation?\"`): a dialog with No and Yes over the screen; the action runs only on Yes, and not at all if nobody answers within 10 s."
        ),
    ])

    /// The `actions` key the acting kinds share.
    static let field = Field(
        "actions", .tables(schema), default: "[]",
        "What the element does when it acts, in order: `{ screen = \"ID\" }`, `{ back = true }`, `{ set = \"ID\", value = 18 }`, `{ hook = [\"/usr/bin/prog\", \"{id}\"] }`, `{ event = \"NAME\" }`, `{ publish = \"TOPIC\", payload = \"{value}\" }`."
    )

    /// What a long press does (buttons, toggles and cards), and how long it takes.
    static let longPressFields = [
        Field(
            "on_long_press", .tables(schema), default: "[]",
            "Actions (as `actions`) done when a finger stays on the element for `long_press_ms` without moving off it; a ring fills while it is held, and the lift that follows does not tap."
        ),
        Field("long_press_ms", .integer(300...5000), default: "600", "How long a long press is held."),
    ]

    /// How long a long press takes in seconds, when the table has `on_long_press`.
    static func longPressSeconds(_ table: ConfigTable) -> Double? {
        table["on_long_press"] == nil ? nil : Double(table.int("long_press_ms") ?? 600) / 1000
    }

    /// The one-of keys an action table must hold exactly one of.
    static let verbs = ["screen", "back", "set", "hook", "event", "publish", "prop"]

    /// The actions of a validated table (mistakes are the loader's to report); hook programs are taken
    /// from `configDirectory` as `ConfigPaths` says.
    static func parse(_ table: ConfigTable, key: String = "actions", configDirectory: String) -> [ElementAction] {
        table.tables(key).compactMap { t in
            guard let action = parseOne(t, configDirectory: configDirectory) else { return nil }
            if let question = t.string("confirm") { return .confirmed(question: question, action: action) }
            return action
        }
    }

    private static func parseOne(_ t: ConfigTable, configDirectory: String) -> ElementAction? {
        if let s = t.string("screen") { return .screen(s) }
        if t.bool("back") == true { return .back }
        if let id = t.string("set"), let v = t.numbers("value") ?? t.number("value").map({ [$0] }) {
            return .set(control: id, value: v.count == 2 ? .pair(v[0], v[1]) : .single(v.first ?? 0))
        }
        if let argv = ConfigPaths.command(t.strings("hook"), in: configDirectory) { return .hook(argv) }
        if let e = t.string("event") { return .event(e) }
        if let id = t.string("prop"), let key = t.string("key"), let to = t.string("to") {
            return .property(element: id, key: key, to: to)
        }
        if let topic = t.string("publish") {
            let payload =
                (try? TextTemplate(parsing: t.string("payload") ?? ""))
                ?? TextTemplate(literal: t.string("payload") ?? "")
            return .publish(topic: topic, payload: payload, retain: t.bool("retain") ?? false)
        }
        return nil
    }

    /// Rules within one action table: exactly one verb, `value` with `set` only, a non-empty program.
    static func check(_ table: ConfigTable, report: (String, String) -> Void) {
        check(table, key: "actions", report: report)
        check(table, key: "on_long_press", report: report)
        if table["long_press_ms"] != nil && table["on_long_press"] == nil {
            report("long_press_ms", "expected only with on_long_press, found it without")
        }
    }

    private static func check(_ table: ConfigTable, key arrayKey: String, report: (String, String) -> Void) {
        for (i, t) in table.tables(arrayKey).enumerated() {
            let present = verbs.filter { t[$0] != nil }
            let key = "\(arrayKey)[\(i)]"
            if present.count != 1 {
                report(
                    key,
                    "expected exactly one of " + verbs.joined(separator: ", ") + ", found "
                        + (present.isEmpty ? "none" : present.joined(separator: " and ")))
            }
            if t["value"] != nil && t["set"] == nil {
                report(key + ".value", "expected only with \"set\", found it without")
            }
            if t["set"] != nil && t["value"] == nil { report(key, "expected \"value\" with \"set\", found none") }
            if let argv = t.strings("hook"), argv.first?.isEmpty ?? true {
                report(key + ".hook", "expected a program path first, found an empty string")
            }
            if t.bool("back") == false { report(key + ".back", "expected true, found false") }
            for k in ["key", "to"] where t[k] != nil && t["prop"] == nil {
                report(key + "." + k, "expected only with \"prop\", found it without")
            }
            if t["prop"] != nil && (t["key"] == nil || t["to"] == nil) {
                report(key, "expected \"key\" and \"to\" with \"prop\"")
            }
            for k in ["payload", "retain"] where t[k] != nil && t["publish"] == nil {
                report(key + "." + k, "expected only with \"publish\", found it without")
            }
            if let payload = t.string("payload") {
                do { _ = try TextTemplate(parsing: payload) } catch {
                    report(key + ".payload", "expected a template, found \"\(payload)\": \(error)")
                }
            }
            if let topic = t.string("publish"), topic.isEmpty || topic.contains(where: { $0 == "+" || $0 == "#" }) {
                report(key + ".publish", "expected a topic without \"+\" or \"#\", found \"\(topic)\"")
            }
        }
    }
}
