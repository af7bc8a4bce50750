import ConfigModel

/// `icon_when`: an icon that follows state, written as `color_when` is (`[{ when = "door == 'open'",
/// icon = "mdi:door-open" }, …]`): the icon of the first condition that holds, else the element's own.
/// On the kinds that show one icon; which key it stands in for is the kind's.
public enum IconWhen {
    /// The config key.
    public static let key = "icon_when"

    /// One entry.
    public static let schema = Schema([
        Field("when", .string, required: true, "The condition."),
        Field("icon", .string, required: true, "The icon while it holds: a PNG, `builtin:NAME` or `mdi:NAME`."),
    ])

    /// The field of the kinds `iconKey` names.
    static let field = Field(
        key, .tables(schema),
        "`[{ when = \"door == 'open'\", icon = \"mdi:door-open\" }, …]`: the `icon` of the first condition that holds, else the element's own (buttons' `icon`, images' `image`)."
    )

    /// The key `icon_when` stands in for on a kind (`icon`, `image`), or nil for a kind without one icon.
    public static func iconKey(of kind: String) -> String? {
        switch kind {
        case "button": return "icon"
        case "image": return "image"
        default: return nil
        }
    }

    /// The image key the loader checks its icons with (`ElementKind.imageKeys`).
    static let imageKey = ImageKey("icon", within: key)

    /// Every icon `t`'s `icon_when` names, as the element's catalogue names them: loaded with the
    /// element, so a PNG shown later is ready.
    static func icons(_ t: ConfigTable, in context: ElementContext) -> [String] {
        t.tables(key).compactMap { $0.string("icon").map(context.imagePath) }
    }
}
