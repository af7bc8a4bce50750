/// The keys that bind the panel to Home Assistant: the `[homeassistant]` section, and `entity` (with
/// `attribute`, `service`, `data`) on an element or a variable.
public enum HomeAssistantKeys {
    /// `[homeassistant]`.
    public static let section = Schema([
        Field(
            "url", .string, required: true,
            "Home Assistant's address: `http://`, `https://`, `ws://` or `wss://` (`/api/websocket` is added when no path is given)."
        ),
        Field(
            "token_file", .string, required: true,
            "A file holding a long-lived access token (HA: your profile, Security); refused if every user may read it; never logged."
        ),
        Field(
            "ca_file", .string, default: "the system's CA store",
            "A PEM file of the CA certificates to trust for https/wss."),
        Field(
            "reconnect_max", .number(1...3600), default: "5",
            "The longest wait in seconds between reconnects to a Home Assistant that is down (from 0.5 s, doubling, with jitter); a refused token is tried again every 60 s."
        ),
    ])

    /// The keys every element has for its entity.
    public static let element: [Field] = [
        Field(
            "entity", .string,
            "A Home Assistant entity (`light.kitchen`) the element shows and sets (needs `[homeassistant]`); which domains fit which kind is in docs/home-assistant.md."
        ),
        Field(
            "attribute", .string, default: "the domain's own",
            "The entity's attribute the element is bound to (a choice on a climate: `hvac_mode` or `preset_mode`)."),
        Field(
            "service", .string, default: "the domain's own",
            "A button's service, `domain.service` (`light.toggle`), aimed at `entity` when there is one."),
        Field(
            "data", .string, default: "none",
            "A button's service data, a JSON object as text: `'{\"brightness_pct\": 30}'`."),
    ]

    /// The keys a `[[variables]]` entry has for its entity.
    public static let variable: [Field] = [
        Field(
            "entity", .string,
            "A Home Assistant entity whose state sets the variable (needs `[homeassistant]`): `{outdoor:.1}` in a template shows `sensor.outdoor`."
        ),
        Field(
            "attribute", .string, default: "the state",
            "The entity's attribute that sets the variable instead of its state."),
    ]
}
