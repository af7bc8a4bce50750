import ConfigModel
import Widgets

extension ConfigBuilder {
    /// Every element's `hidden_when`, `enabled_when` and `color_when`: conditions that parse and read
    /// controls holding a value or declared variables; `color_when` only on kinds with a `color`.
    mutating func checkConditions(controls: [ControlConfig], variables: [ValueBoard.Declaration]) {
        var holds: [String: Bool] = [:]
        for c in controls { holds[c.id] = (ElementKinds.named(c.kind)?.valueShape ?? .nothing) != .nothing }
        for v in variables { holds[v.id] = true }
        for c in controls {
            for key in ["hidden_when", "enabled_when"] {
                if let text = c.properties.string(key) {
                    checkCondition(text, in: c.properties, key: key, holds: holds)
                }
            }
            checkIconWhen(c, holds: holds)
            let entries = c.properties.tables("color_when")
            guard !entries.isEmpty else { continue }
            if ElementKinds.named(c.kind)?.schema.field("color") == nil {
                fail(
                    c.properties, "color_when",
                    "expected only on a kind with a `color` key, found it on a \(c.kind) element")
                continue
            }
            for t in entries {
                if let text = t.string("when") { checkCondition(text, in: t, key: "when", holds: holds) }
            }
        }
    }

    /// `icon_when` (on the kinds whose schema has it): each condition checked as `color_when`'s; its
    /// icons are checked with the kind's image keys.
    private mutating func checkIconWhen(_ c: ControlConfig, holds: [String: Bool]) {
        for t in c.properties.tables(IconWhen.key) {
            if let text = t.string("when") { checkCondition(text, in: t, key: "when", holds: holds) }
        }
    }

    private mutating func checkCondition(_ text: String, in t: ConfigTable, key: String, holds: [String: Bool]) {
        let condition: Condition
        do { condition = try Condition(parsing: text) } catch {
            fail(t, key, "expected a condition such as \"pump == 1\" or \"{tank} < 10\", found \"\(text)\": \(error)")
            return
        }
        for name in condition.names {
            if holds[name] == nil, let entity = entityReference(name, in: condition, table: t, key: key, known: holds) {
                entityReferences.append(entity)
                continue
            }
            switch holds[name] {
            case nil:
                let hint =
                    Validator.suggestion(for: name, among: holds.keys.sorted()).map { "; did you mean \"\($0)\"?" }
                    ?? ""
                fail(t, key, "expected control and variable ids in the condition, found \"\(name)\"\(hint)")
            case false?:
                fail(t, key, "expected a control that holds a value or a variable, found \"\(name)\", which holds none")
            default: break
            }
        }
    }
}

extension ConfigBuilder {
    /// A name with a dot whose first part is no control or variable (`lock.front_door`,
    /// `light.lamp.brightness`): a Home Assistant entity, bound and checked as a template's
    /// `{lock.front_door}` is (`bindEntityTemplates`). It reads a number where it is compared with one.
    private func entityReference(
        _ name: String, in condition: Condition, table: ConfigTable, key: String, known: [String: Bool]
    ) -> EntityReference? {
        guard name.contains("."), let first = name.split(separator: ".").first,
            known[String(first)] == nil
        else { return nil }
        var number = false
        if case .number? = condition.right { number = true }
        if case .number = condition.left { number = true }
        guard let p = try? TextTemplate(parsing: number ? "{\(name):.6}" : "{\(name)}").placeholders.first else {
            return nil
        }
        return EntityReference(placeholder: p, table: table, key: key)
    }
}

extension ConfigBuilder {
    /// Keys that show their text as written (a choice's options, a screen's title) but hold what looks
    /// like a template placeholder naming a control or variable: a warning, since `{pump}` there is
    /// drawn with its braces.
    mutating func warnPlainTextPlaceholders(
        screens: [ConfigTable], controls: [ControlConfig], variables: [ValueBoard.Declaration]
    ) {
        let names = Set(controls.map(\.id) + variables.map(\.id) + [WallClockText.name])
        func check(_ text: String, in t: ConfigTable, key: String) {
            guard let template = try? TextTemplate(parsing: text),
                let name = template.names.first(where: names.contains)
            else { return }
            warn(
                t, key,
                "takes plain text: {\(name)} is shown as written, braces and all (labels, button text, toggle labels and card titles take templates)"
            )
        }
        for s in screens { if let title = s.string("title") { check(title, in: s, key: "title") } }
        for c in controls {
            for option in c.properties.strings("options") ?? [] { check(option, in: c.properties, key: "options") }
        }
    }
}
