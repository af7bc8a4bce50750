import ConfigModel
import Controls
import Core

/// `spinner`: a small button that opens a radial "prize wheel" of icons with momentum, or a picker
/// list above a threshold count (RVS).
struct SpinnerKind: RegisteredKind {
    var name: String { "spinner" }
    func valueStep(_ table: ConfigTable) -> Double? { ValueStep.whole }
    func exposure(_ table: ConfigTable) -> ValueExposure {
        .select(options: SpinnerKind.titles(table))
    }

    /// The items' titles: those of `items`, or the `options` that stand for title-only items.
    static func titles(_ table: ConfigTable) -> [String] {
        let items = table.tables("items")
        return items.isEmpty ? table.strings("options") ?? [] : items.map { $0.string("title") ?? "" }
    }
    func disabledOptions(_ table: ConfigTable) -> Set<Int> {
        Set(table.tables("items").enumerated().filter { $0.element.bool("enabled") == false }.map(\.offset))
    }
    var schema: Schema { SpinnerKind.spinnerSchema }
    var imageKeys: [ImageKey] { [ImageKey("center_image"), ImageKey("icon", within: "items")] }

    static let itemSchema = Schema([
        Field(
            "icon", .string,
            "PNG icon (any size; aspect-fit) (RVS-2), `builtin:NAME` or `mdi:NAME` (a template, tinted); without one the title is drawn instead."
        ),
        Field("title", .string, default: "\"\"", "Shown in the picker variant, and in place of a missing icon."),
        Field("description", .string, "Not shown; reported with the value."),
        Field("value", .string, "Opaque payload reported to the host."),
        Field(
            "enabled", .bool, default: "true",
            "Disabled items are dimmed but selectable on the panel (RVS-54); MQTT discovery does not offer them and MQTT sets naming one are refused."
        ),
    ])

    static let spinnerSchema = ElementKeys.withText.adding([
        Field(
            "items", .tables(itemSchema), default: "required unless `options` or `entity` is given",
            "The items, as [[screens.controls.items]] tables."),
        Field(
            "options", .strings(nonEmpty: true), default: "none",
            "Title-only items, in place of `items`. Bound to a Home Assistant entity without either, the spinner shows the entity's options (and follows them)."
        ),
        OptionLabels.field,
        Field("value", .integer(0...100_000), default: "0", "Initially selected index (RVS-5)."),
        Field("mode", .choice(["spinner", "both", "picker"]), default: "\"both\"", "Which popup variant (RVS-7)."),
        Field(
            "threshold", .integer(0...100_000), default: "15", "With mode both, a wheel when count < threshold (RVS-8)."
        ),
        Field("sound", .bool, default: "true", "Play open/close and step clicks (RVS-9)."),
        Field("haptics", .bool, default: "true", "Rumble on steps where the panel can (RVS-10)."),
        Field("center_image", .string, "A fixed centre image (RVS-11)."),
        Field("replace_center_image", .bool, default: "false", "Show the selection while open (RVS-12)."),
        Field("hud", .bool, default: "false", "HUD appearance (RVS-13)."),
        Field(
            "open_background", .color, default: "the theme's popup_background",
            "Wheel sectors and picker rows (RVS-16)."),
        Field("closed_background", .color, default: "the theme's handle", "Fill inside the icon frames (RVS-17)."),
        Field("tint", .color, default: "the theme's accent", "Frames, template icons and picker text (RVS-18)."),
    ])

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        let count = SpinnerKind.titles(table).count
        if table["items"] == nil && table["options"] == nil && table["entity"] == nil {
            report("items", "expected the items (or `options`, or an `entity` to take them from), found none")
        }
        if table["items"] != nil && table["options"] != nil {
            report("options", "expected `items` or `options`, not both, found both")
        }
        if let v = table.int("value"), count > 0, v >= count {
            report("value", "expected an item index from 0 to \(count - 1), found \(v)")
        }
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        var items = p.tables("items").map { t in
            SpinnerItem(
                iconName: t.string("icon").map(context.imagePath) ?? "", title: t.string("title") ?? "",
                description: t.string("description"), value: t.string("value"), isEnabled: t.bool("enabled") ?? true)
        }
        if items.isEmpty {
            items = OptionLabels.shown(p.strings("options") ?? [], p).map { SpinnerItem(iconName: "", title: $0) }
        }
        let mode: SpinnerMode =
            switch p.string("mode") {
            case "spinner": .spinnerOnly;
            case "picker": .pickerOnly;
            default: .both
            }
        let spinner = Spinner(
            id: c.id, items: items, selectedIndex: p.int("value") ?? 0, mode: mode.rawValue,
            threshold: p.int("threshold") ?? 15, frame: c.frame, containerSize: context.screenSize,
            containerTransform: .scale(context.scale, context.scale))
        if let v = p.bool("sound") { spinner.isSoundOn = v }
        if let v = p.bool("haptics") { spinner.isHapticsOn = v }
        if let v = p.string("center_image") { spinner.centerImageName = context.imagePath(v) }
        if let v = p.bool("replace_center_image") { spinner.replaceCenterImage = v }
        if let v = p.bool("hud") { spinner.hudMode = v }
        context.theme.apply(to: spinner)
        if let v = p.color("open_background") { spinner.openBackgroundColor = v }
        if let v = p.color("closed_background") { spinner.closedBackgroundColor = v }
        if let v = p.color("tint") { spinner.tintColor = v }
        let images = spinner.items.map(\.iconName).filter { !$0.isEmpty } + [spinner.centerImageName].compactMap { $0 }
        return Element(
            config: c, model: spinner, imageNames: images,
            read: { .single(Double(spinner.selectedIndex)) },
            write: { value, time throws(Element.ValueError) in
                guard case .single(let v) = value, v == v.rounded() else {
                    throw Element.ValueError("expected an item index")
                }
                guard let i = ValueStep.index(v, count: spinner.items.count) else {
                    throw Element.ValueError("expected an item index from 0 to \(spinner.items.count - 1)")
                }
                spinner.select(i, time: time)
            },
            describe: { _ in
                let t = spinner.containerTransform
                return ElementDescription(
                    frame: t.boundingBox(of: spinner.frame), points: [("center", t.apply(spinner.frame.center))],
                    open: spinner.isOpen)
            },
            // The spinner's own haptics switch (RVS-10) gates feedback as well as the config's.
            feedbackAllowed: { spinner.isHapticsOn })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? Spinner).map { SpinnerWidget($0) }
    }
}
