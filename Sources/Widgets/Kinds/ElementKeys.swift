import ConfigModel
import Core

/// Keys and value ranges every kind shares.
public enum ElementKeys {
    /// Any number.
    static let any = -Double.infinity...Double.infinity
    static let nonNegative = 0...Double.infinity

    /// A control's hooks: commands run on changes.
    public static let hooks = Schema([
        Field(
            "on_change", .strings(nonEmpty: true),
            "argv run (no shell) when the value changes; {id} and {value} are substituted."),
        Field("on_release", .strings(nonEmpty: true), "argv run when a finger lets go of the control."),
        Field(
            "min_interval_ms", .integer(0...600_000), default: "200",
            "Coalesce on_change runs to at most one per interval."),
        Field("timeout_ms", .integer(1...600_000), default: "5000", "A hook still running after this is killed."),
    ])

    /// One entry of `color_when`.
    public static let colorWhen = Schema([
        Field("when", .string, required: true, "The condition."),
        Field("color", .color, required: true, "The colour while it holds."),
    ])

    /// Keys every control has.
    public static let common = Schema(
        [
            Field("kind", .string, required: true, "The control kind (below)."),
            Field(
                "id", .string, required: true,
                "Unique name: \(IDGrammar.description). The socket, hooks, state file, MQTT topics and Home Assistant use it; ids that differ only in letter case or `-`/`_` are refused."
            ),
            // Not `required` in the schema: an element placed by a card's layout has none. The loader
            // reports a missing frame on any other element with the schema's own words.
            Field(
                "frame", .numbers(count: 4), default: "required unless `in` is given",
                "[x, y, width, height] in logical points: x and y within ±\(Schema.format(GeometryLimits.reach)), width and height above 0 and up to as much."
            ),
            Field(
                "in", .string,
                "The id of a card with a `layout` that places this element (in file order); leave out `frame` then."),
            Field(
                "rotation", .number(GeometryLimits.angles), default: "0",
                "Rotation of the control about its centre, degrees clockwise."),
            Field("hidden", .bool, default: "false", "Hidden controls are neither drawn nor touched."),
            Field(
                "name", .string, default: "its title, label or text, else its id",
                "What Home Assistant and other programs call it."),
            Field(
                "unit", .string, default: "none (an arc seeker: °)",
                "The unit of its number for programs outside (`°C`, `%`, `W`): Home Assistant's unit of measurement, from which its device class follows."
            ),
            Field(
                "enabled", .bool, default: "true",
                "A disabled control is drawn veiled (its own pixels dimmed in place) and takes no touch."),
            Field("hidden_when", .string, "A condition (\"Conditions\" above): while it holds, the element is hidden."),
            Field("enabled_when", .string, "A condition: the element is enabled only while it holds."),
            Field(
                "color_when", .tables(ElementKeys.colorWhen),
                "`[{ when = \"tank < 10\", color = \"red\" }, …]`: the `color` of the first condition that holds, else the element's own (for kinds with a `color` key)."
            ),
            Field("hooks", .table(hooks), "Commands run on changes."),
            Field(
                "mqtt", .table(DeviceTopicKeys.schema),
                "The element bound to a device's MQTT topics (needs `[mqtt]`): its state moves it, a change on the panel is sent as its command."
            ),
        ] + HomeAssistantKeys.element + ConfirmKeys.element)

    /// The `min` and `max` keys of every kind with a range: one default for the reference and readers.
    public static let minimum = DefaultedNumber("min", default: 0)
    public static let maximum = DefaultedNumber("max", default: 100)

    /// The `min` and `max` of a kind with a range, with the schema's defaults.
    public static func range(_ t: ConfigTable) -> (minimum: Double, maximum: Double) {
        (minimum.read(t), maximum.read(t))
    }

    /// The span of a kind with a range, lowest end first (`min` may be above `max`).
    static func orderedRange(_ t: ConfigTable) -> (low: Double, high: Double) {
        let (a, b) = range(t)
        return (Swift.min(a, b), Swift.max(a, b))
    }

    /// The step of a kind whose value runs continuously over `min`…`max` (the dials).
    static func continuousStep(_ t: ConfigTable) -> Double {
        let (minimum, maximum) = range(t)
        return ValueStep.continuous(from: minimum, to: maximum)
    }

    /// The largest magnitude of a range's ends: beyond it `max − min` can overflow (a slider read
    /// "-inf") and a step of a ten-thousandth of the span no longer tells whole numbers apart.
    static let valueReach = 1e15

    /// The rule of kinds with a `min`…`max` range: the two differ, and `value` keys lie within them.
    static func checkRange(_ t: ConfigTable, valueKeys: [String], report: (String, String) -> Void) {
        let (minimum, maximum) = range(t)
        for key in ["min", "max"] {
            if let v = t.number(key), abs(v) > valueReach {
                report(
                    key,
                    "expected a value from -1e15 to 1e15 (a range whose span and steps a panel can show), found \(Schema.format(v))"
                )
                return
            }
        }
        if minimum == maximum {
            report(
                "max",
                "expected a value different from min (\(Schema.format(minimum))), found \(Schema.format(maximum))")
        }
        for key in valueKeys {
            if let v = t.number(key), v < min(minimum, maximum) || v > max(minimum, maximum) {
                report(
                    key,
                    "expected a value from \(Schema.format(minimum)) to \(Schema.format(maximum)), found \(Schema.format(v))"
                )
            }
        }
    }
}
