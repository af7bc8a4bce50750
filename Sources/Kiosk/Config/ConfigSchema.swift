import Core
import Widgets

/// The schema of a Thumbwheel config file: every section, every control kind and every key.
/// `Config/README.md` holds the reference generated from it (`thumbwheel config-reference`), and a
/// test keeps the two equal.
public enum ConfigSchema {
    static let any = -Double.infinity...Double.infinity
    static let nonNegative = 0...Double.infinity
    static let rotation = FieldType.rightAngle
    static let caps = FieldType.choice(["butt", "round", "square"])
    static let handleTypes = FieldType.choice(["small-circle", "medium-circle", "large-circle", "double-circle"])

    /// The whole file.
    public static let root = Schema([
        Field("display", .table(display), "Where and how to show the screen."),
        Field("input", .table(input), "Which touch device to read and how to map it."),
        Field("theme", .table(theme), "Colours, fonts and sizes shared by every control."),
        Field("idle", .table(idle), "Dimming and blanking when nobody touches the panel."),
        Field("socket", .table(socket), "The control socket other programs use to read and set values."),
        Field("state", .table(state), "Where the current values are saved."),
        Field("screens", .tables(screen), required: true, "The screens; the first one is shown at start, `thumbwheel ctl screen ID` shows another."),
    ])

    static let display = Schema([
        Field("backend", .choice(["auto", "drm", "fbdev", "headless"]), default: "\"auto\"",
              "auto tries DRM/KMS, then fbdev, then headless."),
        Field("device", .string, default: "first usable", "A DRM card (/dev/dri/card0) or framebuffer (/dev/fb0) path."),
        Field("mode", .string, default: "preferred", "A mode such as \"800x480\" or \"1280x800@60\"."),
        Field("format", .choice(["xrgb8888", "rgb565"]), default: "\"xrgb8888\"", "Scan-out pixel format."),
        Field("rotation", rotation, default: "0", "Clockwise panel rotation in degrees; the picture is turned in software."),
        Field("size", .string, default: "\"800x480\"", "Canvas size when headless, as \"WxH\"."),
        Field("width_mm", .number(0.1...2000), default: "from the connector", "Physical width of the panel."),
        Field("height_mm", .number(0.1...2000), default: "from the connector", "Physical height of the panel."),
        Field("scale", .number(0.25...8), default: "from the physical size", "Pixels per logical point, overriding the physical size."),
        Field("terminal", .string, default: "none", "A VT (\"/dev/tty1\") put in graphics mode; switching away from it pauses the kiosk."),
    ])

    static let input = Schema([
        Field("device", .string, default: "\"auto\"",
              "\"auto\" (a direct-touch device), a path (/dev/input/event2), \"name:PATTERN\" or \"usb:VID:PID\"."),
        Field("calibration", .numbers(count: 6), default: "[1, 0, 0, 0, 1, 0]",
              "libinput-style 2x3 matrix in normalised coordinates (write it with `thumbwheel calibrate`)."),
        Field("rotation", rotation, default: "0", "Clockwise rotation of the touch panel relative to the display."),
        Field("grab", .bool, default: "true", "Grab the device so the console does not receive it."),
        Field("haptics", .bool, default: "true", "Play a short rumble on detents where the device supports it."),
    ])

    /// Theme defaults are read from Widgets' `Theme`, the one place they are set.
    static let defaultTheme = Theme()
    static func quoted(_ c: Color) -> String { "\"\(c.hex)\"" }

    static let theme = Schema([
        Field("background", .color, default: quoted(defaultTheme.background), "Screen background."),
        Field("accent", .color, default: quoted(defaultTheme.accent), "Filled arcs, spinner tint and highlights."),
        Field("track", .color, default: quoted(defaultTheme.track), "Unfilled tracks and the seeker's bar."),
        Field("handle", .color, default: quoted(defaultTheme.handle), "Handles, thumbs and the spinner's closed background."),
        Field("text", .color, default: quoted(defaultTheme.text), "Labels and values."),
        Field("marker", .color, default: quoted(defaultTheme.marker), "Markers."),
        Field("popup_background", .color, default: quoted(defaultTheme.popupBackground), "The open wheel, picker and number pad."),
        Field("seeker_thumb", .color, default: quoted(defaultTheme.seekerThumb), "The arc seeker's thumb."),
        Field("gradient", .colors, default: "[" + defaultTheme.gradient.map(quoted).joined(separator: ", ") + "]",
              "The gradient slider's colours."),
        Field("font", .string, default: "\"\(defaultTheme.regularFontPath)\"", "Path of a TrueType font file."),
        Field("bold_font", .string, default: "\"\(defaultTheme.boldFontPath)\"", "Path of the bold TrueType font file."),
        Field("picker_font_size", .number(4...200), default: Schema.format(defaultTheme.pickerFontSize), "Picker row titles, in points."),
    ])

    static let idle = Schema([
        Field("dim_after", .number(nonNegative), default: "0 (never)", "Seconds without a touch before dimming."),
        Field("blank_after", .number(nonNegative), default: "0 (never)", "Seconds without a touch before blanking."),
        Field("dim_level", .number(0...1), default: "0.2", "Backlight fraction while dimmed."),
        Field("backlight", .string, default: "first in /sys/class/backlight", "Backlight device directory."),
        Field("wake_tap_only", .bool, default: "true", "The first tap on a dark screen only wakes it."),
    ])

    static let socket = Schema([
        Field("path", .string, default: "\"/run/thumbwheel/control.sock\"", "Unix stream socket path; \"\" disables it."),
        Field("group", .string, default: "the service's group", "Group owning the socket (mode 0660)."),
    ])

    static let state = Schema([
        Field("path", .string, default: "\"/var/lib/thumbwheel/state.json\"", "File holding the current values."),
        Field("debounce_ms", .integer(0...60_000), default: "500", "Delay before saving while a finger drags."),
    ])

    static let screen = Schema([
        Field("id", .string, required: true, "Name of the screen."),
        Field("background", .color, default: "the theme's", "Background of this screen."),
        Field("controls", .variantTables(key: "kind", schemas: controlKinds), default: "[]",
              "The controls, back to front, as [[screens.controls]] tables."),
    ])

    static let hooks = Schema([
        Field("on_change", .strings(nonEmpty: true), "argv run (no shell) when the value changes; {id} and {value} are substituted."),
        Field("on_release", .strings(nonEmpty: true), "argv run when a finger lets go of the control."),
        Field("min_interval_ms", .integer(0...600_000), default: "200", "Coalesce on_change runs to at most one per interval."),
        Field("timeout_ms", .integer(1...600_000), default: "5000", "A hook still running after this is killed."),
    ])

    /// Keys every control has.
    static let common = Schema([
        Field("kind", .string, required: true, "The control kind (below)."),
        Field("id", .string, required: true, "Unique name; the socket, hooks and state file use it."),
        Field("frame", .numbers(count: 4), required: true, "[x, y, width, height] in logical points."),
        Field("rotation", .number(any), default: "0", "Rotation of the control about its centre, degrees clockwise."),
        Field("hidden", .bool, default: "false", "Hidden controls are neither drawn nor touched."),
        Field("hooks", .table(hooks), "Commands run on changes."),
    ])

    static let circular = common.adding([
        Field("value", .number(any), default: "min", "Initial value (MS-6)."),
        Field("min", .number(any), default: "0", "Value at the start of the arc (MS-4)."),
        Field("max", .number(any), default: "100", "Value at the end of the arc; must differ from min (MS-5)."),
        Field("max_angle", .number(0.01...360), default: "360", "Arc length in degrees; 360 is a full circle (MS-7)."),
        Field("rotation_angle", .number(any), default: "-max_angle/2 (gap at the bottom)", "Rotation of a partial arc (MS-8)."),
        Field("padding", .number(nonNegative), default: "0", "Room left for outside labels (MS-9)."),
        Field("max_revolutions", .integer(-1...1_000_000), default: "-1 (endless)", "Full-circle turn limit (MS-10)."),
        Field("line_width", .integer(1...1000), default: "5", "Track width in points (MS-11)."),
        Field("filled_color", .color, default: "the theme's accent", "Filled arc (MS-12)."),
        Field("unfilled_color", .color, default: "the theme's track", "Unfilled arc (MS-12)."),
        Field("filled_cap", caps, default: "\"round\"", "Filled arc cap (MS-13)."),
        Field("unfilled_cap", caps, default: "\"round\"", "Unfilled arc cap (MS-13)."),
        Field("handle_color", .color, default: "the theme's handle", "Handle fill (MS-15)."),
        Field("handle_type", handleTypes, default: "\"large-circle\"", "Handle shape (MS-1, MS-16)."),
        Field("handle_enlargement", .integer(0...1000), default: "10", "Extra diameter of large handles (MS-17)."),
        Field("handle_highlightable", .bool, default: "true", "Dim the handle while pressed (MS-18)."),
        Field("handle_image", .string, "PNG drawn instead of the handle (MS-19)."),
        Field("handle_rotatable", .bool, default: "false", "Turn the handle image with the angle (MS-20)."),
        Field("labels", .strings(nonEmpty: false), default: "[]", "Evenly spaced labels (MS-22)."),
        Field("snap_to_labels", .bool, default: "false", "Snap to the nearest label on release (MS-23)."),
        Field("label_color", .color, default: "the theme's text", "Label colour (MS-24)."),
        Field("label_size", .number(1...500), default: "12", "Label size in points (MS-24)."),
        Field("label_offset", .number(any), default: "0", "Radial label shift, + outwards (MS-25)."),
        Field("marker_count", .integer(0...3600), default: "0", "Evenly spaced markers (MS-26)."),
        Field("marker_color", .color, default: "the theme's marker", "Marker fill (MS-27)."),
        Field("marker_path", .string, "Custom marker shape as SVG path data, in points about the marker centre (MS-28)."),
        Field("marker_image", .string, "PNG drawn as each marker (MS-29)."),
        Field("snap_to_markers", .bool, default: "false", "Snap to the nearest marker or label on release (MS-30)."),
    ])

    static let range = circular.adding([
        Field("second_value", .number(any), default: "the value at 60°", "Initial value of the second handle (MS-71)."),
        Field("min_distance", .number(nonNegative), default: "10", "Minimum arc length between the handles in points (MS-73)."),
        Field("second_handle_color", .color, default: "the theme's handle", "Second handle fill (MS-74)."),
        Field("second_handle_type", handleTypes, default: "\"large-circle\"", "Second handle shape (MS-74)."),
        Field("second_handle_image", .string, "PNG for the second handle (MS-74)."),
    ])

    static let gradient = circular.adding([
        Field("gradient_colors", .colors, default: "the theme's gradient",
              "Colours the filled arc takes as the value grows (MS-86)."),
    ])

    static let seeker = common.adding([
        Field("value", .number(any), default: "180", "Initial thumb angle in degrees (CS-3)."),
        Field("start_angle", .number(0...359.999_999), default: "90", "Start of the arc, degrees clockwise from 3 o'clock (CS-1)."),
        Field("end_angle", .number(0...359.999_999), default: "180", "End of the arc (CS-2)."),
        Field("bar_color", .color, default: "the theme's track", "Arc colour (CS-4)."),
        Field("thumb_color", .color, default: "the theme's seeker_thumb", "Thumb colour (CS-5)."),
    ])

    static let spinnerItem = Schema([
        Field("icon", .string, required: true, "PNG icon (any size; aspect-fit) (RVS-2)."),
        Field("title", .string, default: "\"\"", "Shown in the picker variant."),
        Field("description", .string, "Not shown; reported with the value."),
        Field("value", .string, "Opaque payload reported to the host."),
        Field("enabled", .bool, default: "true", "Disabled items are dimmed but selectable (RVS-54)."),
    ])

    static let spinner = common.adding([
        Field("items", .tables(spinnerItem), required: true, "The items, as [[screens.controls.items]] tables."),
        Field("value", .integer(0...100_000), default: "0", "Initially selected index (RVS-5)."),
        Field("mode", .choice(["spinner", "both", "picker"]), default: "\"both\"", "Which popup variant (RVS-7)."),
        Field("threshold", .integer(0...100_000), default: "15", "With mode both, a wheel when count < threshold (RVS-8)."),
        Field("sound", .bool, default: "true", "Play open/close and step clicks (RVS-9)."),
        Field("haptics", .bool, default: "true", "Rumble on steps where the panel can (RVS-10)."),
        Field("center_image", .string, "A fixed centre image (RVS-11)."),
        Field("replace_center_image", .bool, default: "false", "Show the selection while open (RVS-12)."),
        Field("hud", .bool, default: "false", "HUD appearance (RVS-13)."),
        Field("open_background", .color, default: "the theme's popup_background", "Wheel sectors and picker rows (RVS-16)."),
        Field("closed_background", .color, default: "the theme's handle", "Fill inside the icon frames (RVS-17)."),
        Field("tint", .color, default: "the theme's accent", "Frames, template icons and picker text (RVS-18)."),
    ])

    static let valueSlider = common.adding([
        Field("value", .number(any), default: "min", "Initial value."),
        Field("min", .number(any), default: "0", "Value at the left end."),
        Field("max", .number(any), default: "100", "Value at the right end."),
        Field("decimals", .integer(0...6), default: "0", "Digits after the decimal separator (number pad and display)."),
        Field("pad", .bool, default: "true", "Flicking into the balloon opens the number pad (NP-11)."),
        Field("decimal_separator", .choice([".", ","]), default: "\".\"", "The locale's decimal separator on the pad (NP-28)."),
        Field("title", .string, default: "\"\"", "Title shown above the number pad."),
    ])

    /// The control kinds and their schemas.
    public static let controlKinds: [(name: String, schema: Schema)] = [
        ("circular-slider", circular), ("range-slider", range), ("gradient-slider", gradient),
        ("arc-seeker", seeker), ("spinner", spinner), ("value-slider", valueSlider),
    ]
}
