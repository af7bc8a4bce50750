/// The keys of an element's `mqtt` table: the element bound to a device's own MQTT topics
/// (zigbee2mqtt, Tasmota, ESPHome, Node-RED), named as Home Assistant's MQTT entities name them.
public enum DeviceTopicKeys {
    /// `mqtt = { … }` on an element.
    public static let schema = Schema([
        Field("state_topic", .string, "The device's state: each message moves the element (the device is the truth)."),
        Field(
            "state_json", .string,
            "A dot path to the field of a JSON state that holds the value (`\"state\"`, `\"color.x\"`, `\"values.0\"`); leave out to take the whole payload."
        ),
        Field("payload_on", .string, default: "\"ON\"", "The state (and command) text of on: a toggle's 1."),
        Field("payload_off", .string, default: "\"OFF\"", "The state (and command) text of off: a toggle's 0."),
        Field(
            "device_range", .numbers(count: 2),
            "[low, high] of the device's numbers, mapped onto the element's min…max (`[0, 254]` for a Zigbee brightness on a 0–100 dial)."
        ),
        Field("command_topic", .string, "Where a change made on the panel is sent (a button: where a press is sent)."),
        Field(
            "command_payload", .string, default: "the value (`{value}`; a toggle: payload_on or payload_off)",
            "A template: `{value}` the value in the device's numbers, `{on|OFF|ON}` the first text when off and the second when on, `{option}` the chosen option's text; JSON is written as it is: `{\"state\":\"{on|OFF|ON}\"}`."
        ),
        Field("retain", .bool, default: "false", "Commands are published retained."),
        Field("qos", .integer(0...2), default: "[mqtt] qos", "The QoS of the element's subscriptions and commands."),
        Field(
            "availability_topic", .string,
            "The device's availability: while it says not available (or the broker is out of reach) the element is drawn unavailable and takes no touch."
        ),
        Field(
            "availability_json", .string,
            "A dot path to the field of a JSON availability message (zigbee2mqtt: `\"state\"`)."),
        Field(
            "payload_available", .string, default: "\"online\"",
            "The availability text of available (compared ignoring letter case)."),
        Field("payload_not_available", .string, default: "\"offline\"", "The availability text of not available."),
    ])

    /// The placeholders `command_payload` may hold.
    public static let placeholders = ["{value}", "{on|OFF|ON}", "{option}"]
}
