import ConfigLoading
import Controls
import Formats

/// The state file's format, read and written in one place:
///
///     {
///       "values" : { "dial" : 35, "hours" : [ 8, 18 ] },
///       "variables" : { "indoor" : 21.5, "note" : "Filter due" },
///       "version" : 1
///     }
///
/// `variables` (written only when there are some) holds the variables set through the socket, so a
/// restarted panel shows what it showed; a kiosk that does not know the field ignores it.
///
/// and, when a chart keeps its samples (`persist = true`), `"histories" : { "temp" : [ [ t, v ], … ] }`
/// (`StoredSample`): written only then, so a file without charts is as before, and ignored by kiosks
/// that do not know it.
///
/// pretty-printed with sorted keys (the layout Foundation's JSONEncoder wrote, so old and new kiosks
/// read each other's files). Reading is value by value: one value of the wrong kind is dropped and
/// reported, and the others are kept.
public enum StateFile {
    /// The format this kiosk writes and the only one it reads.
    public static let version = 1

    /// The file's text for `values`, with a final newline. Linear in the values but for sorting the
    /// ids, and safe on any thread: the state file's writer thread calls it, so a file of many ids
    /// never holds up the loop. The values are finite (loading and every control refuse the others);
    /// JSON has no other numbers, so one that was not would be written as null, and dropped with a
    /// log line when the file is next loaded.
    public static func text(
        _ values: [String: StoredValue], variables: [String: JSON] = [:], histories: [String: [StoredSample]] = [:]
    ) -> [UInt8] {
        var fields: [(String, JSON)] = []
        fields.reserveCapacity(values.count)
        for (id, value) in values { fields.append((id, value.json)) }
        let kept: [(String, JSON)] = histories.isEmpty ? [] : [("histories", json(histories))]
        let saved: [(String, JSON)] = variables.isEmpty ? [] : [("variables", .object(variables.map { ($0, $1) }))]
        let file = JSON.object(
            kept + [("values", .object(fields))] + saved + [("version", .number(Double(version)))])
        return file.text(pretty: true) + [0x0A]
    }

    /// What a readable state file holds.
    public struct Contents {
        /// The values read.
        public var values: [String: StoredValue]
        /// The charts' samples read (`persist = true`), by name.
        public var histories: [String: [StoredSample]] = [:]
        /// The variables read (numbers and strings; anything else is left out).
        public var variables: [String: JSON] = [:]
        /// The ids whose values were not a finite number or two, with what was found, in the file's
        /// order.
        public var dropped: [(id: String, found: String)]
    }

    /// Why a file was not read at all.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not JSON, or not an object with `version` and `values`.
        case corrupt(String)
        /// A `version` this kiosk does not know (a newer kiosk's file, or a hand-edited one).
        case unknownVersion(String)

        public var description: String {
            switch self {
            case .corrupt(let why): return why
            case .unknownVersion(let found):
                return "its version is \(found); this kiosk reads version \(StateFile.version) only"
            }
        }
    }

    /// Reads a state file's bytes.
    public static func read(_ bytes: [UInt8]) -> Result<Contents, Refusal> {
        guard let json = JSON.parse(bytes) else { return .failure(.corrupt("not valid JSON")) }
        guard case .object = json else {
            return .failure(.corrupt("expected an object with \"version\" and \"values\""))
        }
        // The version first: another version's values may have another shape, and are not judged.
        guard let version = json["version"] else { return .failure(.corrupt("no \"version\"")) }
        guard version == .number(Double(StateFile.version)) else {
            return .failure(.unknownVersion(version.description))
        }
        guard case .object(let pairs)? = json["values"] else {
            return .failure(.corrupt(json["values"] == nil ? "no \"values\"" : "\"values\" is not an object"))
        }
        var contents = Contents(values: [:], dropped: [])
        contents.values.reserveCapacity(pairs.count)
        for (id, field) in pairs {
            if let value = StoredValue(json: field), value.isFinite {
                contents.values[id] = value
            } else {
                contents.dropped.append((id, described(field)))
            }
        }
        if case .object(let saved)? = json["variables"] {
            for (id, field) in saved {
                switch field {
                case .number(let d) where d.isFinite: contents.variables[id] = field
                case .string: contents.variables[id] = field
                default: contents.dropped.append(("variable " + id, described(field)))
                }
            }
        }
        // A chart's samples that are not all readable are dropped as a whole (a line with holes
        // would show what never was), like a bad value: logged, the rest kept.
        switch json["histories"] {
        case nil: break
        case .object(let histories)?:
            for (name, field) in histories {
                if let samples = samples(field) {
                    contents.histories[name] = samples
                } else {
                    contents.dropped.append(("histories." + name, described(field)))
                }
            }
        case let other?: contents.dropped.append(("histories", described(other)))
        }
        return .success(contents)
    }

    /// A dropped value as the log says it: its JSON, shortened.
    private static func described(_ field: JSON) -> String {
        if let value = StoredValue(json: field), !value.isFinite { return "a number too large for a Double" }
        let text = field.description
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
