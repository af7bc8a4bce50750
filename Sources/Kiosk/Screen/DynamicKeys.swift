import ConfigLoading
import ConfigModel
import Controls
import Core
import Widgets

/// What of an element's config is worked out while it runs: text keys holding a template (rendered to
/// plain text for kinds that draw text), `hidden_when`, `enabled_when`, `color_when` and `icon_when`. With the
/// properties set from outside (`setProperty`), they make the keys the element is built with over its
/// config; when those change, the element is built again in place (`KioskScreen.refresh`).
struct DynamicKeys {
    var rendered: [(key: String, template: TextTemplate)] = []
    var hiddenWhen: Condition?
    var enabledWhen: Condition?
    var colorWhen: [(condition: Condition, color: Color)] = []
    /// `icon_when`, and the key of the kind's icon it sets.
    var iconWhen: [(condition: Condition, icon: String)] = []
    var iconKey = ""

    /// The keys of `c` that change while it runs, or nil when none do.
    init?(_ c: ControlConfig, kind: any ElementKind, templates: [String: TextTemplate]) {
        let p = c.properties
        for key in kind.templateKeys where key.rendered {
            guard let source = p.string(key.key),
                let template = templates[source] ?? (try? TextTemplate(parsing: source)),
                !DynamicKeys.isPlain(template)
            else { continue }
            rendered.append((key.key, template))
        }
        hiddenWhen = p.string("hidden_when").flatMap { try? Condition(parsing: $0) }
        enabledWhen = p.string("enabled_when").flatMap { try? Condition(parsing: $0) }
        colorWhen = p.tables("color_when").compactMap { t in
            guard let text = t.string("when"), let condition = try? Condition(parsing: text),
                let color = t.color("color")
            else { return nil }
            return (condition, color)
        }
        if let key = IconWhen.iconKey(of: c.kind) {
            iconKey = key
            iconWhen = p.tables(IconWhen.key).compactMap { t in
                guard let text = t.string("when"), let condition = try? Condition(parsing: text),
                    let icon = t.string("icon")
                else { return nil }
                return (condition, icon)
            }
        }
        if rendered.isEmpty && hiddenWhen == nil && enabledWhen == nil && colorWhen.isEmpty && iconWhen.isEmpty {
            return nil
        }
    }

    /// Whether `template` renders to its own source: no name, no inline icon, no escaped brace. Any
    /// other is rendered before the kind builds its element, even with nothing that changes (an icon
    /// in a card's title).
    static func isPlain(_ template: TextTemplate) -> Bool {
        guard template.names.isEmpty, template.parts.count <= 1 else { return false }
        if case .literal(let text)? = template.parts.first { return text == template.source }
        return template.source.isEmpty
    }

    /// The keys set from outside with each rendered template key (a button's `text` set by `prop`)
    /// rendered as the config's own would be: a template set from outside is still a template.
    static func rendering(
        _ outside: [String: ConfigValue], of id: String, kind: any ElementKind, board: ValueBoard,
        time: MonotonicTime, texts: inout [String: RenderedText]
    ) -> [String: ConfigValue] {
        var keys = outside
        for key in kind.templateKeys where key.rendered {
            guard case .string(let source)? = outside[key.key], let template = try? TextTemplate(parsing: source),
                !isPlain(template)
            else { continue }
            var last = texts[id + "/" + key.key + "/outside"] ?? RenderedText()
            keys[key.key] = .string(board.render(template, at: time, reusing: &last).text)
            texts[id + "/" + key.key + "/outside"] = last
        }
        return keys
    }

    /// The names its templates and conditions read.
    var names: [String] {
        // Built in steps: Swift 6.0's type checker gives up on the one-expression sum.
        var all: [String] = rendered.flatMap(\.template.names)
        all += hiddenWhen?.names ?? []
        all += enabledWhen?.names ?? []
        all += colorWhen.flatMap(\.condition.names)
        all += iconWhen.flatMap(\.condition.names)
        return all
    }

    /// The keys element `id` is built with now over its config: those set from outside, then what the
    /// conditions and templates give for the board's values at `time` (a key set from outside wins).
    func patch(
        _ id: String, board: ValueBoard, time: MonotonicTime, overrides: [String: ConfigValue],
        texts: inout [String: RenderedText]
    ) -> [String: ConfigValue] {
        var patch: [String: ConfigValue] = [:]
        let lookup: (String) -> TemplateValue? = { board.value(of: $0) }
        for (key, template) in rendered {
            var last = texts[id + "/" + key] ?? RenderedText()
            patch[key] = .string(board.render(template, at: time, reusing: &last).text)
            texts[id + "/" + key] = last
        }
        if let hiddenWhen { patch["hidden"] = .bool(hiddenWhen.holds(lookup)) }
        if let enabledWhen { patch["enabled"] = .bool(enabledWhen.holds(lookup)) }
        if let match = colorWhen.first(where: { $0.condition.holds(lookup) }) { patch["color"] = .color(match.color) }
        if let match = iconWhen.first(where: { $0.condition.holds(lookup) }) { patch[iconKey] = .string(match.icon) }
        return patch.merging(overrides) { _, outside in outside }
    }

    /// `c` with `patch`'s keys over its own.
    static func applying(_ patch: [String: ConfigValue], to c: ControlConfig) -> ControlConfig {
        guard !patch.isEmpty else { return c }
        var built = c
        built.properties.values.merge(patch) { _, new in new }
        if case .bool(let hidden)? = patch["hidden"] { built.hidden = hidden }
        return built
    }
}

extension KioskScreen {
    /// Builds again, in place, every element whose keys changed (a value its template or condition
    /// reads, a property set from outside); an element a finger holds waits for the finger to lift.
    /// Returns whether any element was built again.
    func refresh(overrides: [String: [String: ConfigValue]], time: MonotonicTime) -> Bool {
        var changed = false
        let held = router.activeControlIDs
        for (index, e) in elements.enumerated() {
            let id = e.id
            let set = overrides[id] ?? [:]
            guard dynamic[id] != nil || !set.isEmpty || patches[id] != nil, !held.contains(id), let c = written[id],
                let kind = ElementKinds.named(c.kind)
            else { continue }
            let outside = DynamicKeys.rendering(
                set, of: id, kind: kind, board: board, time: time, texts: &renderedTexts)
            let patch =
                dynamic[id]?.patch(id, board: board, time: time, overrides: outside, texts: &renderedTexts) ?? outside
            guard patch != (patches[id] ?? [:]) else { continue }
            patches[id] = patch.isEmpty ? nil : patch
            rebuild(index, DynamicKeys.applying(patch, to: c), time: time)
            changed = true
        }
        return changed
    }

    /// Ids of the elements that show a value whose source is unavailable (`ValueBoard.unavailable`)
    /// through a key of theirs: a template or condition (`DynamicKeys`), a gauge's `source`, a chart's
    /// series. They are veiled as a bound element is: what they show may no longer be true. Labels and
    /// readouts, which draw their text themselves, dim it with the marker instead.
    var readingUnavailable: Set<String> {
        let gone = board.unavailable
        guard !gone.isEmpty else { return [] }
        var ids: Set<String> = []
        for e in elements {
            let p = e.config.properties
            let tracked = ElementKinds.named(e.kind)?.trackedHistory(p).map(\.name) ?? []
            let names = (dynamic[e.id]?.names ?? []) + [p.string("source")].compactMap { $0 } + tracked
            if names.contains(where: gone.contains) { ids.insert(e.id) }
        }
        return ids
    }

    /// Ids of the elements disabled now (`enabled = false`, from the config, a condition or outside).
    var disabledIDs: Set<String> {
        // A rebuilt element's config holds its patch, so its own `enabled` is the one in force.
        Set(elements.filter { $0.config.properties.bool("enabled") == false }.map(\.id))
    }

    private func rebuild(_ index: Int, _ c: ControlConfig, time: MonotonicTime) {
        guard let kind = ElementKinds.named(c.kind) else { return }
        let old = elements[index]
        let fresh = kind.make(c, in: context)
        if let value = old.value { _ = try? fresh.setValue(value, time: time) }
        _ = fresh.drainEvents(time: time)
        elements[index] = fresh
        router.replace([old.model], with: [fresh.model], time: time)
        router.replace(old.overlays, with: fresh.overlays, time: time)
        view.replace(
            [old.model] + old.decorations + old.overlays, with: [fresh.model] + fresh.decorations + fresh.overlays)
    }
}

extension KioskScreen {
    /// Puts a modal dialog above everything: it takes every touch until dismissed.
    func present(_ dialog: ConfirmDialog) {
        router.replace([], with: [dialog], time: 0)
        view.replace([], with: [dialog])
    }

    /// Takes the dialog away; the screen below is drawn again where it was.
    func dismiss(_ dialog: ConfirmDialog, time: MonotonicTime) {
        router.replace([dialog], with: [], time: time)
        view.replace([dialog], with: [])
    }
}
