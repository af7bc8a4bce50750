/// A recording made with `evemu-record`: the device description and its events.
public struct EvemuRecording: Sendable {
    /// The device the events came from (nil when the file has no description lines).
    public var capabilities: DeviceCapabilities?
    /// The `E:` lines in file order.
    public var events: [InputEvent]
    /// Creates a recording.
    public init(capabilities: DeviceCapabilities?, events: [InputEvent]) {
        self.capabilities = capabilities; self.events = events
    }
}

/// Why an evemu file could not be read: which line, and what was wrong with it.
public struct EvemuParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// What was wrong with the line.
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Reads evemu's text format (evemu 1.x, as written by `evemu-record` and `evemu-describe`):
/// `N:` name, `I:` bus/vendor/product/version (hex), `P:` property bytes, `B:` event-type bitmask
/// bytes (a type's lines continue each other), `A:` axis code (hex) min max fuzz flat resolution,
/// `E: sec.usec type code value` (type and code hex, value decimal). `#` starts a comment.
public enum EvemuParser {
    /// Parses a whole file: description lines (optional) and events.
    public static func parse(_ text: String) throws(EvemuParseError) -> EvemuRecording {
        var name: String?
        var identity = DeviceIdentity()
        var codes: [UInt16: Set<UInt16>] = [:]
        var bitmaskBytes: [UInt16: Int] = [:]  // bytes of each type's mask seen so far
        var axes: [UInt16: AxisInfo] = [:]
        var properties = Set<UInt16>()
        var propertyBytes = 0
        var events: [InputEvent] = []

        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            func fail(_ message: String) -> EvemuParseError { EvemuParseError(line: lineNumber, message: message) }
            let line = rawLine.prefix { $0 != "#" }
            guard let colon = line.firstIndex(of: ":") else {
                if line.allSatisfy(\.isWhitespace) { continue }
                throw fail("expected 'X: …', got '\(rawLine)'")
            }
            let tag = line[..<colon].trimmingSpaces
            let body = line[line.index(after: colon)...]
            let fields = body.split(whereSeparator: \.isWhitespace)
            switch tag {
            case "N":
                name = String(body.trimmingSpaces)
            case "I":
                let v = fields.compactMap { UInt16($0, radix: 16) }
                guard v.count == 4, fields.count == 4 else {
                    throw fail("I: needs four hex numbers (bus vendor product version)")
                }
                identity = DeviceIdentity(bus: v[0], vendor: v[1], product: v[2], version: v[3])
            case "P":
                for byte in try hexBytes(fields, fail) {
                    for bit in 0..<8 where byte & (1 << bit) != 0 { properties.insert(UInt16(propertyBytes * 8 + bit)) }
                    propertyBytes += 1
                }
            case "B":
                let bytes = try hexBytes(fields, fail)
                guard let type = bytes.first.map(UInt16.init) else { throw fail("B: needs an event type") }
                var index = bitmaskBytes[type] ?? 0
                for byte in bytes.dropFirst() {
                    for bit in 0..<8 where byte & (1 << bit) != 0 {
                        codes[type, default: []].insert(UInt16(index * 8 + bit))
                    }
                    index += 1
                }
                bitmaskBytes[type] = index
            case "A":
                guard fields.count >= 3, let code = UInt16(fields[0], radix: 16) else {
                    throw fail("A: needs an axis code (hex), min and max")
                }
                let numbers = fields.dropFirst().map { Int32($0) }
                guard numbers.allSatisfy({ $0 != nil }) else {
                    throw fail("A: min/max/fuzz/flat/resolution must be integers")
                }
                let n = numbers.map { $0! } + [0, 0, 0]
                axes[code] = AxisInfo(minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n[4])
            case "E":
                events.append(try parseEvent(fields, fail))
            case "S", "M", "R":
                continue  // switch, misc, rep bitmasks of older versions: not used for touch
            default:
                throw fail("unknown line type '\(tag)'")
            }
        }
        let capabilities = name.map {
            DeviceCapabilities(name: $0, identity: identity, codes: codes, axes: axes, properties: properties)
        }
        return EvemuRecording(capabilities: capabilities, events: events)
    }

    private static func hexBytes(
        _ fields: [Substring], _ fail: (String) -> EvemuParseError
    ) throws(EvemuParseError) -> [UInt8] {
        var out: [UInt8] = []
        for f in fields {
            guard let b = UInt8(f, radix: 16) else { throw fail("'\(f)' is not a hex byte") }
            out.append(b)
        }
        return out
    }

    private static func parseEvent(
        _ fields: [Substring], _ fail: (String) -> EvemuParseError
    ) throws(EvemuParseError) -> InputEvent {
        guard fields.count == 4 else { throw fail("E: needs 'sec.usec type code value'") }
        let stamp = fields[0].split(separator: ".", omittingEmptySubsequences: false)
        guard stamp.count == 2, let sec = Int(stamp[0]), let usec = Int(stamp[1]), stamp[1].count == 6 else {
            throw fail("E: time '\(fields[0])' is not sec.usec")
        }
        guard let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16) else {
            throw fail("E: type and code must be hex")
        }
        guard let value = Int32(fields[3]) else { throw fail("E: value '\(fields[3])' is not a decimal integer") }
        return InputEvent(type: type, code: code, value: value, seconds: sec, microseconds: usec)
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return s
    }
}
