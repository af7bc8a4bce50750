import ConfigModel

/// `option_labels`: the text shown for each option value (`{ heat_cool = "Auto", fan_only = "Fan" }`),
/// on a choice, dropdown or spinner. Only what is drawn changes: the element's options, the values
/// its adapters send and match (Home Assistant's `heat_cool`) and what `ctl` reports stay the values.
enum OptionLabels {
    static let field = Field(
        "option_labels", .texts, default: "none",
        "The text shown for an option value, e.g. { heat_cool = \"Auto\", fan_only = \"Fan\" }: for options from the config or from a Home Assistant entity; the values sent stay the options' own. Keys match ignoring letter case; an option without one is shown as it is."
    )

    /// What to draw for `options` under `table`'s `option_labels`.
    static func shown(_ options: [String], _ table: ConfigTable) -> [String] {
        guard let labels = table.table("option_labels"), !labels.values.isEmpty else { return options }
        var byValue: [String: String] = [:]
        for (key, value) in labels.values { if case .string(let text) = value { byValue[key.lowercased()] = text } }
        return options.map { byValue[$0.lowercased()] ?? $0 }
    }
}
