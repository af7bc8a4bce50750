import AssetFiles
import ConfigModel
import Core
import Widgets

/// The schema of a Thumbwheel config file: every section, every control kind and every key.
/// `Config/README.md` holds the reference generated from it (`thumbwheel config-reference`), and a
/// test keeps the two equal.
public enum ConfigSchema {
    static let nonNegative = 0...Double.infinity
    static let rotation = FieldType.rightAngle

    /// The whole file.
    public static let root = Schema([
        Field("display", .table(display), "Where and how to show the screen."),
        Field("input", .table(input), "Which touch device to read and how to map it."),
        Field("theme", .table(theme), "Colours, fonts and sizes shared by every control."),
        Field("icons", .table(icons), "The icon font `mdi:NAME` icons are drawn from, and its list of names."),
        Field("idle", .table(idle), "Dimming and blanking when nobody touches the panel."),
        Field("socket", .table(socket), "The control socket other programs use to read and set values."),
        Field("state", .table(state), "Where the current values are saved."),
        Field("mqtt", .table(mqtt), "An MQTT broker the values are published to and set from; no section, no MQTT."),
        Field(
            "homeassistant", .table(HomeAssistantKeys.section),
            "A Home Assistant the elements with `entity` are bound to; no section, no Home Assistant."),
        Field(
            "variables", .tables(variable), default: "[]",
            "Values other programs set through the socket (`set-var`) for labels and readouts to show, as [[variables]] tables."
        ),
        Field(
            "navigation", .table(navigation),
            "Pages: a navigation bar on every screen, the home screen, going home when idle."),
        Field(
            "screens", .tables(screen), required: true,
            "The screens; the first one is shown at start, `thumbwheel ctl screen ID` shows another."),
    ])

    static let display = Schema([
        Field(
            "backend", .choice(["auto", "drm", "fbdev", "headless"]), default: "\"auto\"",
            "auto tries DRM/KMS, then fbdev, then headless."),
        Field(
            "device", .string, default: "first usable", "A DRM card (/dev/dri/card0) or framebuffer (/dev/fb0) path."),
        Field("mode", .string, default: "preferred", "A mode such as \"800x480\" or \"1280x800@60\"."),
        Field("format", .choice(["xrgb8888", "rgb565"]), default: "\"xrgb8888\"", "Scan-out pixel format."),
        Field(
            "rotation", rotation, default: "0",
            "Clockwise panel rotation in degrees; the picture is turned in software."),
        Field(
            "locale", .string, default: "\"en\"",
            "The language of month and weekday names in `{now:…}`: "
                + WallClockText.Names.byLanguage.keys.sorted().joined(separator: ", ") + " (others: English)."),
        Field(
            "size", .string, default: "\"800x480\"",
            "Canvas size when headless, as \"WxH\". Written without `scale`, it is the screen in points: frames are laid out on it, and a panel of more (or fewer) pixels shows it scaled to fill, proportions kept (800x480 on a 1600x960 panel: 2 pixels per point, on 1024x600: 1.25); `width_mm` and `height_mm` then only measure touch targets. At most \(ConfigLimits.canvasSide) pixels a side and \(ConfigLimits.canvasPixels) in all (\(ConfigLimits.largestCanvas))."
        ),
        Field(
            "width_mm", .number(0.1...2000), default: "from the connector",
            "Physical width of the panel: measures touch targets; sets the scale only when neither `scale` nor `size` is written."
        ),
        Field(
            "height_mm", .number(0.1...2000), default: "from the connector",
            "Physical height of the panel (as `width_mm`)."),
        Field(
            "scale", .number(GeometryLimits.scales), default: "fits `size`, else from the physical size",
            "Pixels per logical point, overriding `size` and the physical size."),
        Field(
            "terminal", .string, default: "none",
            "A VT (\"/dev/tty1\") put in graphics mode; switching away from it pauses the kiosk."),
    ])

    static let input = Schema([
        Field(
            "device", .string, default: "\"auto\"",
            "\"auto\" (a direct-touch device), a path (/dev/input/event2), \"name:PATTERN\" or \"usb:VID:PID\"."),
        Field(
            "calibration", .numbers(count: 6), default: "[1, 0, 0, 0, 1, 0]",
            "libinput-style 2x3 matrix in normalised coordinates (write it with `thumbwheel calibrate`)."),
        Field("rotation", rotation, default: "0", "Clockwise rotation of the touch panel relative to the display."),
        Field("grab", .bool, default: "true", "Grab the device so the console does not receive it."),
        Field("haptics", .bool, default: "true", "Play a short rumble on detents where the device supports it."),
        Field(
            "report_wait", .choice(["sleep", "anticipate", "poll"]), default: "\"anticipate\"",
            "How to wait for the panel's next report while a finger is down: \"sleep\" until it comes (least power); \"anticipate\": wake just before it is due, draw the last frame again to warm the caches, and poll for it (under a tenth of one core while touched); \"poll\" from one report to the next (one core busy while touched; caches stay warm: least latency)."
        ),
    ])

    /// Theme defaults are read from Widgets' `Theme`, the one place they are set.
    static let defaultTheme = Theme()
    static func quoted(_ c: Color) -> String { "\"\(c.hex)\"" }

    static let theme = Schema([
        Field(
            "base", .choice(Theme.bases.map(\.name)), default: "\"dark\"",
            "The built-in theme the other keys change: \"dark\" (light text on near-black) or \"light\" (dark text on light grey); both keep text at 4.5:1 and thumbs and marks at 3:1 against their ground. The defaults below are the dark theme's."
        ),
        Field("background", .color, default: quoted(defaultTheme.background), "Screen background."),
        Field("accent", .color, default: quoted(defaultTheme.accent), "Filled arcs, spinner tint and highlights."),
        Field("track", .color, default: quoted(defaultTheme.track), "Unfilled tracks and the seeker's bar."),
        Field(
            "handle", .color, default: quoted(defaultTheme.handle),
            "Handles, thumbs and the spinner's closed background."),
        Field("text", .color, default: quoted(defaultTheme.text), "Labels and values."),
        Field(
            "muted_text", .color, default: quoted(defaultTheme.mutedText),
            "Captions and hints (labels with `muted = true`); the light base's is \(quoted(Theme.light.mutedText))."),
        Field("marker", .color, default: quoted(defaultTheme.marker), "Markers."),
        Field(
            "popup_background", .color, default: quoted(defaultTheme.popupBackground),
            "The open wheel, picker and number pad."),
        Field("seeker_thumb", .color, default: quoted(defaultTheme.seekerThumb), "The arc seeker's thumb."),
        Field(
            "gradient", .colors, default: "[" + defaultTheme.gradient.map(quoted).joined(separator: ", ") + "]",
            "The gradient slider's colours."),
        Field("font", .string, default: "\"\(DefaultFonts.regular)\"", "Path of a TrueType font file."),
        Field("bold_font", .string, default: "\"\(DefaultFonts.bold)\"", "Path of the bold TrueType font file."),
        Field(
            "picker_font_size", .number(4...200), default: Schema.format(defaultTheme.pickerFontSize),
            "Picker row titles, in points."),
    ])

    static let icons = Schema([
        Field(
            "font", .string, default: "MDI 7's \"\(mdi7Font)\" when installed, else \"\(IconConfig.debianFont)\"",
            "The Material Design Icons font (TrueType). The package installs MDI 7 (the names Home Assistant uses), "
                + "looked for in \(IconConfig.installed.joined(separator: " and ")); Debian's "
                + "fonts-materialdesignicons-webfont (1.6) is the fallback."
        ),
        Field(
            "names", .string,
            default: "the `\(IconConfig.namesFile)` beside the MDI 7 font when installed, else "
                + "\"\(IconConfig.debianNames)\"",
            "The font's style sheet (materialdesignicons.css): its `.mdi-NAME:before` rules give the names `mdi:NAME` takes. Use the CSS of the same release as `font`."
        ),
    ])
    static let mdi7Font = IconConfig.installed[0] + "/" + IconConfig.fontFile

    static let idle = Schema([
        Field("dim_after", .number(nonNegative), default: "0 (never)", "Seconds without a touch before dimming."),
        Field("blank_after", .number(nonNegative), default: "0 (never)", "Seconds without a touch before blanking."),
        Field("dim_level", .number(0...1), default: "0.2", "Backlight fraction while dimmed."),
        Field("backlight", .string, default: "first in /sys/class/backlight", "Backlight device directory."),
        Field("wake_tap_only", .bool, default: "true", "The first tap on a dark screen only wakes it."),
    ])

    static let socket = Schema([
        Field(
            "path", .string, default: "\"/run/thumbwheel/control.sock\"", "Unix stream socket path; \"\" disables it."),
        Field("group", .string, default: "the service's group", "Group owning the socket (mode 0660)."),
    ])

    static let state = Schema([
        Field("path", .string, default: "\"/var/lib/thumbwheel/state.json\"", "File holding the current values."),
        Field("debounce_ms", .integer(0...60_000), default: "500", "Delay before saving while a finger drags."),
    ])

    static let mqtt = Schema([
        Field("host", .string, required: true, "The broker's host name or address."),
        Field("port", .integer(1...65_535), default: "1883", "The broker's TCP port."),
        Field(
            "base_topic", .string, default: "\"thumbwheel/<hostname>\"",
            "Topics start with it: `<base>/<id>/state` (retained values), `<base>/<id>/set`, `<base>/<id>/event` (button presses), `<base>/status`, `<base>/discovery`; no `+` or `#`."
        ),
        Field("client_id", .string, default: "\"thumbwheel-<hostname>\"", "The client id, stable per device."),
        Field("keepalive", .integer(5...3600), default: "30", "Seconds between pings while idle."),
        Field(
            "reconnect_max", .number(1...3600), default: "5",
            "The longest wait in seconds between attempts while the broker is away (from 0.5 s, doubling, with jitter); a network coming back is tried at once."
        ),
        Field("qos", .integer(0...2), default: "1", "Quality of service of what is published and subscribed."),
        Field("username", .string, default: "none", "User name for the broker."),
        Field(
            "password_file", .string, default: "none",
            "A readable file holding the password (its first line); never logged."),
        Field("protocol", .choice(["3.1.1", "5"]), default: "\"3.1.1\"", "The MQTT protocol version."),
        Field(
            "ca_file", .string, default: "none (no TLS)",
            "A PEM file of the CA that signed the broker's certificate; TLS is on when it is set."),
        Field(
            "cert_file", .string, default: "none",
            "A PEM client certificate, with `key_file`, for brokers that ask for one."),
        Field(
            "key_file", .string, default: "none",
            "The PEM key of `cert_file`, not encrypted (a kiosk starts unattended)."),
        Field(
            "tls_insecure", .bool, default: "false",
            "Skip checking the broker's host name against its certificate (a broker reached by address)."),
        Field(
            "discovery", .bool, default: "true",
            "Publish Home Assistant discovery: the panel appears as one device with an entity per control."),
        Field(
            "discovery_prefix", .string, default: "\"homeassistant\"",
            "Home Assistant's discovery prefix; no `+` or `#`."),
        Field(
            "device_name", .string, default: "\"Thumbwheel \" + client_id", "The panel's device name in Home Assistant."
        ),
    ])

    static let variable = Schema(
        [
            Field(
                "id", .string, required: true,
                "Name used in templates ({id}), by `set-var` and in MQTT topics: \(IDGrammar.description); no control may have the same id."
            ),
            Field(
                "type", .choice(["number", "text"]), default: "\"number\"",
                "What `set-var` may set: a finite number, or a string of at most \(ConfigLimits.variableTextBytes) bytes."
            ),
            Field(
                "stale_after", .number(0.1...Double.infinity), default: "never",
                "Seconds after a set when the value is stale: labels and readouts showing it are drawn dimmed until it is set again."
            ),
            Field(
                "initial", .scalar, default: "none (shown as —)",
                "The value at start, of the variable's type; counts as set at start."),
            Field(
                "topic", .string, default: "none",
                "An MQTT topic (no `+` or `#`; needs [mqtt]) whose messages set the variable: a number (as JSON writes one, also as text "
                    + "with an optional `+` and spaces around; not hex, `inf`, `nan`, `1_000`, `.5` or `5.`), or text up to the limit above."
            ),
            Field(
                "json", .string, default: "the whole payload",
                "A dot path into a JSON payload of `topic` (\"sensor.temperature\", \"values.0\"); the field is the value."
            ),
        ] + HomeAssistantKeys.variable)

    static let navigation = Schema([
        Field(
            "bar", .choice(["none", "top", "bottom"]), default: "\"none\"",
            "A navigation bar (one button per screen: its icon and title, the shown one marked) along this edge of every screen, 64 points high; keep other elements out of that band."
        ),
        Field("home", .string, default: "the first screen", "The screen shown at start and after `return_home_after`."),
        Field(
            "return_home_after", .number(0...86_400), default: "0 (never)",
            "Seconds without a touch before the home screen is shown again."),
        Field(
            "swipe", .bool, default: "true",
            "A horizontal swipe that starts on no control (or on a card's background) slides the page with the finger, the next screen (to the left) or the previous one (to the right, in the order of `[[screens]]`) beside it; released past a third of the width, or flicked (15 mm or more, 100 mm/s or faster), it settles on that screen with a spring, else back. The first and last screens stretch a little towards the side with none. A swipe that starts on a control moves the control, never the page."
        ),
    ])

    static let screen = Schema([
        Field("id", .string, required: true, "Name of the screen: \(IDGrammar.description)."),
        Field("title", .string, default: "the id", "What the navigation bar calls the screen."),
        Field("icon", .string, default: "none", "A PNG, `builtin:NAME` or `mdi:NAME` icon for the navigation bar."),
        Field("background", .color, default: "the theme's", "Background of this screen."),
        Field(
            "controls", .variantTables(key: "kind", schemas: controlKinds), default: "[]",
            "The controls, back to front, as [[screens.controls]] tables."),
    ])

    /// The control kinds and their schemas, from the kind registry.
    public static var controlKinds: [(name: String, schema: Schema)] { ElementKinds.kinds.map { ($0.name, $0.schema) } }
}
