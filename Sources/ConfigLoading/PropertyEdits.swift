import ConfigModel
import Core
import Formats
import Widgets

/// The keys of an element that may be changed while the kiosk runs (over the socket, MQTT or an
/// action), and how a value for one is checked: as the config's loader would check it. They are kept
/// until the config is reloaded, and not saved.
public enum PropertyEdits {
    /// The keys that may be changed, where the element's kind has them.
    public static let keys = [
        "text", "label", "title", "color", "icon", "hidden", "enabled", "min", "max", "decimals", "unit", "options",
        "option_labels",
    ]

    /// The value `json` gives key `key` of element `c`, checked; nil: back to the config's own.
    /// Throws the reason, naming the element and the key.
    public static func value(
        _ json: JSON, key: String, of c: ControlConfig, in config: KioskConfig
    ) throws(PropertyError) -> ConfigValue? {
        guard let kind = ElementKinds.named(c.kind) else { throw PropertyError("\(c.id): no such kind \(c.kind)") }
        let settable = keys.filter { kind.schema.field($0) != nil }
        guard settable.contains(key), let field = kind.schema.field(key) else {
            throw PropertyError(
                "\(c.id).\(key): expected one of " + settable.joined(separator: ", ")
                    + " (what a \(c.kind) may change while it runs), found \"\(key)\"")
        }
        if json == .null { return nil }
        let found = json.description.count > 60 ? String(json.description.prefix(60)) + "…" : json.description
        switch field.type {
        case .bool:
            switch json {
            case .bool(let b): return .bool(b)
            case .string("true"): return .bool(true)
            case .string("false"): return .bool(false)
            default: throw PropertyError("\(c.id).\(key): expected true or false, found \(found)")
            }
        case .color:
            guard case .string(let s) = json else {
                throw PropertyError("\(c.id).\(key): expected a colour (\"#RRGGBB\" or a name), found \(found)")
            }
            do { return .color(try Color(parsing: s)) } catch {
                throw PropertyError("\(c.id).\(key): " + Validator.colourMessage(error))
            }
        case .string:
            let text: String
            switch json {
            case .string(let s): text = s
            case .number(let d): text = NumberFormat.plain(d)
            default: throw PropertyError("\(c.id).\(key): expected a string, found \(found)")
            }
            guard text.utf8.count <= ConfigLimits.stringBytes else {
                throw PropertyError(
                    "\(c.id).\(key): expected a string of at most \(ConfigLimits.stringBytes) bytes, found \(text.utf8.count) bytes"
                )
            }
            if kind.templateKeys.contains(where: { $0.key == key }) {
                try checkTemplate(text, key: key, of: c, in: config)
            } else if kind.imageKeys.contains(where: { $0.key == key && $0.within == nil }),
                text.hasPrefix(IconNames.prefix)
            {
                try checkIcon(text, key: key, of: c, in: config)
            }
            return .string(text)
        case .number(let range):
            // A number as text too: `ctl prop` and a `prop` action's `to` send text.
            let number: Double? =
                switch json {
                case .number(let d): d
                case .string(let s): NumberText.parse(s)
                default: nil
                }
            guard let d = number, d.isFinite, range.contains(d), abs(d) <= 1e15 else {
                throw PropertyError("\(c.id).\(key): expected a finite number, found \(found)")
            }
            return .number(d)
        case .integer(let range):
            let number: Double? =
                switch json {
                case .number(let d): d
                case .string(let s): NumberText.parse(s)
                default: nil
                }
            guard let d = number, d == d.rounded(), d >= Double(range.lowerBound),
                d <= Double(range.upperBound)
            else {
                throw PropertyError(
                    "\(c.id).\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(found)"
                )
            }
            return .int(Int(d))
        case .texts:
            guard case .object(let pairs) = json, pairs.count <= ConfigLimits.arrayItems else {
                throw PropertyError("\(c.id).\(key): expected an object of strings, found \(found)")
            }
            var values: [String: ConfigValue] = [:]
            for (name, value) in pairs {
                guard case .string(let text) = value, text.utf8.count <= ConfigLimits.stringBytes else {
                    throw PropertyError("\(c.id).\(key).\(name): expected a string, found \(value)")
                }
                values[name] = .string(text)
            }
            return .table(ConfigTable(values: values))
        case .strings(let nonEmpty):
            guard case .array(let items) = json, !(nonEmpty && items.isEmpty),
                items.count <= ConfigLimits.arrayItems
            else {
                throw PropertyError(
                    "\(c.id).\(key): expected an array of \(nonEmpty ? "1" : "0") to \(ConfigLimits.arrayItems) strings, found \(found)"
                )
            }
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count, texts.allSatisfy({ $0.utf8.count <= ConfigLimits.stringBytes }) else {
                throw PropertyError("\(c.id).\(key): expected strings only, found \(found)")
            }
            return .strings(texts)
        default:
            throw PropertyError("\(c.id).\(key): cannot be changed while the kiosk runs")
        }
    }

    /// A template's names against the config's controls and variables.
    private static func checkTemplate(
        _ text: String, key: String, of c: ControlConfig, in config: KioskConfig
    ) throws(PropertyError) {
        let template: TextTemplate
        do { template = try TextTemplate(parsing: text) } catch {
            throw PropertyError("\(c.id).\(key): expected a text template, found \(error)")
        }
        let own = ElementKinds.named(c.kind)?.templateKeys.first { $0.key == key }?.ownName
        let known = Set(config.allControls.map(\.id) + config.variables.map(\.id) + [own].compactMap { $0 })
        for name in template.names where !known.contains(name) {
            throw PropertyError("\(c.id).\(key): expected control and variable ids in {…}, found {\(name)}")
        }
        for icon in template.inlineIcons { try checkIcon(icon, key: key, of: c, in: config) }
    }

    /// An `mdi:NAME` icon must be a name of the font the config opened, as the loader checks it: a
    /// config that names no `mdi:` icon opens no font, so none can be drawn.
    private static func checkIcon(
        _ written: String, key: String, of c: ControlConfig, in config: KioskConfig
    ) throws(PropertyError) {
        let names = config.icons.names
        guard !names.scalars.isEmpty else {
            throw PropertyError(
                "\(c.id).\(key): expected no mdi: icon (the config names none, so the icon font is not open), found \"\(written)\""
            )
        }
        guard names[written] == nil else { return }
        let hint = config.icons.unknownNameHint(written)
        throw PropertyError(
            "\(c.id).\(key): expected one of the \(names.scalars.count) icon names of \(config.icons.namesPath), found \"\(written)\"\(hint)"
        )
    }
}

/// Why a property change was refused.
public struct PropertyError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
