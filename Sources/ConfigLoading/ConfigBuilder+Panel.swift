import ConfigModel
import Widgets

/// The panel text of a config: its `[[variables]]` and every template (labels' `text`, dials'
/// `readout`), checked at load so a misspelt name is a located error, not a `—` on the wall.
extension ConfigBuilder {
    /// The declared variables; ids must be unique, usable in templates and unlike any control's.
    mutating func variables(_ tables: [ConfigTable], controls: [ControlConfig]) -> [ValueBoard.Declaration] {
        var firstLine: [String: Int] = [:]
        return tables.compactMap { t -> ValueBoard.Declaration? in
            guard let id = t.string("id") else { return nil }  // the validator reported it missing
            if let problem = IDGrammar.problem(id) { fail(t, "id", problem) }
            if let line = firstLine[id] {
                fail(t, "id", "expected a unique variable id, found \"\(id)\" again (first at line \(line))")
            } else {
                firstLine[id] = t.location.line
            }
            if let control = controls.first(where: { $0.id == id }) {
                fail(
                    t, "id",
                    "expected an id no control uses, found \"\(id)\" (the \(control.kind) at line \(control.properties.location.line))"
                )
            }
            let type: ValueBoard.VariableType = t.string("type") == "text" ? .text : .number
            return ValueBoard.Declaration(
                id: id, type: type, staleAfter: t.number("stale_after"), initial: initial(t, type: type))
        }
    }

    /// A variable's `initial`, which must have its type.
    private mutating func initial(_ t: ConfigTable, type: ValueBoard.VariableType) -> TemplateValue? {
        switch (type, t["initial"]) {
        case (_, nil): return nil
        case (.number, .number(let d)?): return .number(d)
        case (.text, .string(let s)?):
            if s.utf8.count > ConfigLimits.variableTextBytes {
                fail(
                    t, "initial",
                    "expected a string of at most \(ConfigLimits.variableTextBytes) bytes, found \(s.utf8.count) bytes")
                return nil
            }
            return .text(s)
        case (.number, .string(let s)?):
            fail(t, "initial", "expected a number (the variable's type), found the string \"\(s)\"")
        case (.text, .number(let d)?):
            fail(t, "initial", "expected a string (the variable's type is text), found the number \(Schema.format(d))")
        default: break
        }
        return nil
    }

    /// Every template of `controls`, parsed; each name must be a control holding a value or a
    /// declared variable, and `.0`/`.1` must follow a two-value control.
    mutating func templates(of controls: [ControlConfig], variables: [ValueBoard.Declaration]) -> [String: TextTemplate]
    {
        var shapes: [String: ValueShape] = [:]
        var kinds: [String: String] = [:]
        for c in controls where shapes[c.id] == nil {
            shapes[c.id] = ElementKinds.named(c.kind)?.valueShape ?? .single
            kinds[c.id] = c.kind
        }
        for v in variables where shapes[v.id] == nil { shapes[v.id] = .single }
        // The wall time (`{now:HH:mm}`): a name every template may read.
        if shapes[WallClockText.name] == nil { shapes[WallClockText.name] = .single }
        var parsed: [String: TextTemplate] = [:]
        for c in controls {
            guard let kind = ElementKinds.named(c.kind) else { continue }
            for key in kind.referenceKeys {
                // One name (a gauge's `source`) or a list of them (a chart's `sources`).
                for name in c.properties.string(key).map({ [$0] }) ?? c.properties.strings(key) ?? [] {
                    check(
                        name: name, shape: shapes[name], kind: kinds[name], names: Array(shapes.keys), in: c.properties,
                        key: key)
                }
            }
            checkSampled(kind, c.properties, shapes: shapes, kinds: kinds, variables: variables)
            for key in kind.templateKeys {
                guard let source = c.properties.string(key.key) else { continue }
                let template: TextTemplate
                do {
                    template = try TextTemplate(parsing: source)
                } catch {
                    fail(c.properties, key.key, "expected a text template, found \(error)")
                    continue
                }
                // Inline icons must be names of the icon font, and make the kiosk open it.
                for icon in template.inlineIcons { checkIconName(c.properties, key.key, icon) }
                for p in template.placeholders {
                    // `{sensor.outdoor}`: a Home Assistant entity, checked once `[homeassistant]` is read.
                    if p.name != key.ownName, let first = p.name.split(separator: ".").first,
                        p.name.contains("."), shapes[String(first)] == nil
                    {
                        entityReferences.append(EntityReference(placeholder: p, table: c.properties, key: key.key))
                        continue
                    }
                    // The own name of a value-less kind (a gauge's readout) stands for the number it shows.
                    let own: ValueShape = kind.valueShape == .nothing ? .single : kind.valueShape
                    let shape = p.name == key.ownName ? own : shapes[p.name]
                    check(
                        p, shape: shape, kind: kinds[p.name],
                        names: Array(shapes.keys) + [key.ownName].compactMap { $0 },
                        in: c.properties, key: key.key)
                }
                parsed[source] = template
            }
        }
        return parsed
    }

    /// A key naming a control or variable (a gauge's `source`) against what that name holds.
    private mutating func check(
        name: String, shape: ValueShape?, kind: String?, names: [String], in t: ConfigTable, key: String
    ) {
        switch shape {
        case nil:
            let hint = Validator.suggestion(for: name, among: names.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(t, key, "expected a control id or a declared variable, found \"\(name)\"\(hint)")
        case .nothing?:
            fail(
                t, key,
                "expected a control that holds a value or a declared variable, found \"\(name)\" (a \(kind ?? "control"), which holds none)"
            )
        default: break
        }
    }

    /// The names an element samples over time (a chart's `sources`) must hold one number: the history
    /// records numbers only, so a range-slider's two ends or a text variable would be accepted and
    /// never drawn. Unknown names are reported by the reference check.
    private mutating func checkSampled(
        _ kind: any ElementKind, _ t: ConfigTable, shapes: [String: ValueShape], kinds: [String: String],
        variables: [ValueBoard.Declaration]
    ) {
        let key = kind.referenceKeys.first ?? "sources"
        for name in Set(kind.trackedHistory(t).map(\.name)).sorted() {
            if shapes[name] == .pair, let other = kinds[name] {
                fail(
                    t, key,
                    "expected controls holding one number or number variables, found \"\(name)\" (a \(other), which holds two: its ends cannot be charted as one line)"
                )
            } else if let v = variables.first(where: { $0.id == name }), v.type != .number, kinds[name] == nil {
                fail(
                    t, key,
                    "expected controls holding one number or number variables, found \"\(name)\" (a text variable)")
            }
        }
    }

    /// One placeholder against what its name holds (nil: an unknown name).
    private mutating func check(
        _ p: TextTemplate.Placeholder, shape: ValueShape?, kind: String?, names: [String],
        in t: ConfigTable, key: String
    ) {
        let written = "\"\(p.name)\" at column \(p.column)"
        switch shape {
        case nil:
            let hint =
                Validator.suggestion(for: p.name, among: names.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(t, key, "expected a control id or a declared variable, found \(written)\(hint)")
        case .nothing?:
            fail(
                t, key,
                "expected a control that holds a value or a declared variable, found \(written) (a \(kind ?? "control"), which holds none)"
            )
        case .single? where p.end != nil:
            fail(
                t, key,
                "expected .0 or .1 only after a two-value control (range-slider), found \"\(p.name).\(p.end ?? 0)\" at column \(p.column)"
            )
        default: break
        }
    }
}
