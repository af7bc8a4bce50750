import ConfigModel
import Core
import Formats

/// Checks a parsed TOML tree against a `Schema`, producing typed values and every error at once.
struct Validator {
    let file: String
    let locator: SourceLocator
    private(set) var errors: [ConfigError] = []

    init(file: String, locator: SourceLocator) { self.file = file; self.locator = locator }

    /// `kind`: the element kind the table is checked as, named in did-you-mean hints.
    mutating func table(_ node: TOMLNode, schema: Schema, path: [String], kind: String? = nil) -> ConfigTable {
        let location = locator.location(of: path)
        var result = ConfigTable(path: path, location: location)
        guard case .table(let entries) = node else {
            fail(path, "expected a table, found \(node.typeName)")
            return result
        }
        for (key, value) in entries {
            let childPath = path + [key]
            guard let field = schema.field(key) else {
                let names = schema.fields.map(\.name)
                let hint =
                    KeySynonyms.hint(for: key, among: names, kind: kind)
                    ?? Validator.suggestion(for: key, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
                fail(childPath, "unknown key\(hint)")
                continue
            }
            if let v = self.value(value, type: field.type, path: childPath) { result.values[key] = v }
        }
        for field in schema.fields where field.required && !entries.contains(where: { $0.key == field.name }) {
            fail(path, "missing the required key \"\(field.name)\" (\(field.type.expectation))")
        }
        return result
    }

    private mutating func value(_ node: TOMLNode, type: FieldType, path: [String]) -> ConfigValue? {
        func mismatch() -> ConfigValue? {
            fail(path, "expected \(type.expectation), found \(node.typeName)"); return nil
        }
        if let excess = ConfigLimits.excess(node) { fail(path, excess); return nil }
        switch (type, node) {
        case (.bool, .bool(let b)): return .bool(b)
        case (.integer(let range), .int(let i)):
            return range.contains(i) ? .int(i) : mismatch()
        case (.number(let range), .int(let i)):
            return range.contains(Double(i)) ? .number(Double(i)) : mismatch()
        case (.number(let range), .double(let d)):
            return d.isFinite && range.contains(d) ? .number(d) : mismatch()
        case (.string, .string(let s)), (.scalar, .string(let s)): return .string(s)
        case (.scalar, .int(let i)), (.numberOrPair, .int(let i)): return .number(Double(i))
        case (.numberOrPair, .double(let d)): return d.isFinite ? .number(d) : mismatch()
        case (.numberOrPair, .array(let items)):
            let numbers = items.compactMap { item -> Double? in
                switch item {
                case .int(let i): return Double(i);
                case .double(let d) where d.isFinite: return d;
                default: return nil
                }
            }
            return numbers.count == 2 && items.count == 2 ? .numbers(numbers) : mismatch()
        case (.scalar, .double(let d)): return d.isFinite ? .number(d) : mismatch()
        case (.rightAngle, .int(let i)): return [0, 90, 180, 270].contains(i) ? .int(i) : mismatch()
        case (.choice(let options), .string(let s)):
            if options.contains(s) { return .string(s) }
            let hint = Validator.suggestion(for: s, among: options).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(path, "expected \(type.expectation), found \(node.typeName)\(hint)")
            return nil
        case (.color, .string(let s)):
            do { return .color(try Color(parsing: s)) } catch { fail(path, Validator.colourMessage(error)); return nil }
        case (.colors, .array(let items)):
            var out: [Color] = []
            for (i, item) in items.enumerated() {
                guard case .string(let text) = item else { return mismatch() }
                do { out.append(try Color(parsing: text)) } catch {
                    fail(path + ["[\(i)]"], Validator.colourMessage(error)); return nil
                }
            }
            return out.isEmpty ? mismatch() : .colors(out)
        case (.numbers(let count), .array(let items)):
            var out: [Double] = []
            for item in items {
                switch item {
                case .int(let i): out.append(Double(i))
                case .double(let d) where d.isFinite: out.append(d)
                default: return mismatch()
                }
            }
            if let n = count, out.count != n {
                fail(path, "expected \(type.expectation), found \(out.count)"); return nil
            }
            return .numbers(out)
        case (.strings(let nonEmpty), .array(let items)):
            var out: [String] = []
            for item in items { guard case .string(let s) = item else { return mismatch() }; out.append(s) }
            if nonEmpty && out.isEmpty { return mismatch() }
            return .strings(out)
        case (.table(let schema), .table):
            return .table(table(node, schema: schema, path: path))
        case (.texts, .table(let entries)):
            var out = ConfigTable(path: path, location: locator.location(of: path))
            for (key, value) in entries {
                guard case .string(let text) = value else {
                    fail(path + [key], "expected a string, found \(value.typeName)")
                    continue
                }
                out.values[key] = .string(text)
            }
            return .table(out)
        case (.tables(let schema), .array(let items)):
            return .tables(
                items.enumerated().map { table($0.element, schema: schema, path: path + ["[\($0.offset)]"]) })
        case (.variantTables(let key, let schemas), .array(let items)):
            return .tables(
                items.enumerated().compactMap {
                    variantTable($0.element, key: key, schemas: schemas, path: path + ["[\($0.offset)]"])
                })
        case (.variantTables(let key, let schemas), .table):
            return variantTable(node, key: key, schemas: schemas, path: path + ["[0]"]).map { .tables([$0]) }
        case (.tables(let schema), .table):
            // A single `[name]` table where `[[name]]` was meant: accept it as one element.
            return .tables([table(node, schema: schema, path: path)])
        default:
            return mismatch()
        }
    }

    /// A table checked against the schema its `key` field names (a control against its kind).
    private mutating func variantTable(
        _ node: TOMLNode, key: String, schemas: [(name: String, schema: Schema)],
        path: [String]
    ) -> ConfigTable? {
        guard case .table(let entries) = node else {
            fail(path, "expected a table, found \(node.typeName)"); return nil
        }
        guard let kindNode = entries.first(where: { $0.key == key })?.value else {
            fail(
                path,
                "missing the required key \"\(key)\" (one of \(schemas.map { "\"\($0.name)\"" }.joined(separator: ", ")))"
            )
            return nil
        }
        guard case .string(let kind) = kindNode, let schema = schemas.first(where: { $0.name == kind })?.schema else {
            _ = value(kindNode, type: .choice(schemas.map(\.name)), path: path + [key])  // reports why
            return nil
        }
        return table(node, schema: schema, path: path, kind: kind)
    }

    mutating func fail(_ path: [String], _ message: String) {
        errors.append(
            ConfigError(file: file, location: locator.location(of: path), key: locator.name(path), message: message))
    }

    /// A colour's error, with the nearest colour name for a misspelt one.
    static func colourMessage(_ error: ColorParseError) -> String {
        guard error.reason == .unknownName else { return error.description }
        let hint =
            suggestion(for: error.text.trimmedSpaces.lowercased(), among: Color.named.keys.sorted()).map {
                "; did you mean \"\($0)\"?"
            } ?? ""
        return error.description + hint
    }
}
