/// Codable types to and from `JSON` values, so the socket's requests and replies and the state file
/// keep their Codable definitions without Foundation's JSONEncoder/JSONDecoder. The encoder writes
/// what JSONEncoder wrote: absent optionals leave their key out, `nil` encoded explicitly is null,
/// a non-finite number is an error; the decoder is as strict about types as JSONDecoder (a whole
/// number for an Int, a string for a String).
public enum JSONCoding {
    /// `value` as a JSON value.
    public static func encode(_ value: some Encodable) throws -> JSON {
        let slot = EncodingSlot()
        try slot.store(value, path: [])
        return slot.json
    }

    /// A `T` read from a JSON value.
    public static func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws -> T {
        try JSONValueDecoder.read(type, from: json, path: [])
    }

    /// A `T` read from JSON text; a `DecodingError` when the text is not JSON or does not fit `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>) throws -> T {
        guard let json = JSON.parse(bytes) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not valid JSON"))
        }
        return try decode(type, from: json)
    }
}

// MARK: - Encoding

/// A value under construction: containers write into it, and nested ones hold nested slots.
///
/// An object keeps its fields in an array with an index by key, and both grow in place: adding a
/// field or an item costs the same however many came before, so encoding is linear in the output
/// (the socket's replies are encoded on the kiosk's loop).
final class EncodingSlot {
    enum Shape { case empty, value, object, array }
    private(set) var shape = Shape.empty
    private var scalar = JSON.null
    private var fields: [(key: String, slot: EncodingSlot)] = []
    private var fieldIndex: [String: Int] = [:]
    private var items: [EncodingSlot] = []

    var json: JSON {
        switch shape {
        case .empty: return .object([])
        case .value: return scalar
        case .object: return .object(fields.map { ($0.key, $0.slot.json) })
        case .array: return .array(items.map(\.json))
        }
    }

    /// How many items this array holds (0 when it is not an array).
    var itemCount: Int { shape == .array ? items.count : 0 }

    /// Makes this slot `value`, dropping what it held.
    func set(_ value: JSON) {
        reset(to: .value)
        scalar = value
    }

    /// Makes this slot an object, keeping its fields if it is one already.
    func becomeObject() { if shape != .object { reset(to: .object) } }

    /// Makes this slot an array, keeping its items if it is one already.
    func becomeArray() { if shape != .array { reset(to: .array) } }

    private func reset(to new: Shape) {
        shape = new
        scalar = .null
        fields = []
        fieldIndex = [:]
        items = []
    }

    /// Stores `value`: JSON's own kinds directly, anything else through its `encode(to:)`.
    func store<T: Encodable>(_ value: T, path: [CodingKey]) throws {
        switch value {
        case let j as JSON: set(j)
        case let b as Bool: set(.bool(b))
        case let s as String: set(.string(s))
        case let d as Double: set(try EncodingSlot.finite(d, path))
        case let f as Float: set(try EncodingSlot.finite(Double(f), path))
        case let i as any BinaryInteger: set(.number(Double(i)))
        default: try value.encode(to: SlotEncoder(slot: self, codingPath: path))
        }
    }

    static func finite(_ d: Double, _ path: [CodingKey]) throws -> JSON {
        guard d.isFinite else {
            throw EncodingError.invalidValue(d, .init(codingPath: path, debugDescription: "non-finite number"))
        }
        return .number(d)
    }

    /// The slot for `key` in this object (made an object if it is not one yet); a key encoded twice
    /// gets the same slot, so the later value wins.
    func child(forKey key: String) -> EncodingSlot {
        becomeObject()
        if let at = fieldIndex[key] { return fields[at].slot }
        let slot = EncodingSlot()
        fieldIndex[key] = fields.count
        fields.append((key, slot))
        return slot
    }

    /// A new slot at the end of this array (made an array if it is not one yet).
    func appended() -> EncodingSlot {
        becomeArray()
        let slot = EncodingSlot()
        items.append(slot)
        return slot
    }
}

struct SlotEncoder: Encoder {
    let slot: EncodingSlot
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedSlotEncoder<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        slot.becomeArray()
        return UnkeyedSlotEncoder(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleSlotEncoder(slot: slot, codingPath: codingPath)
    }
}

/// One generic `encode` serves every typed requirement of the protocol (Bool, Int, String, …).
struct KeyedSlotEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    var codingPath: [CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.child(forKey: key.stringValue).set(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.child(forKey: key.stringValue).store(value, path: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(
            keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> Encoder { SlotEncoder(slot: slot.child(forKey: "super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> Encoder {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedSlotEncoder: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    var codingPath: [CodingKey]
    var count: Int { slot.itemCount }

    mutating func encodeNil() throws { slot.appended().set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.appended().store(value, path: codingPath) }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        SlotEncoder(slot: slot.appended(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        SlotEncoder(slot: slot.appended(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> Encoder { SlotEncoder(slot: slot.appended(), codingPath: codingPath) }
}

struct SingleSlotEncoder: SingleValueEncodingContainer {
    let slot: EncodingSlot
    var codingPath: [CodingKey]

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.store(value, path: codingPath) }
}

// MARK: - Decoding

struct JSONValueDecoder: Decoder {
    let value: JSON
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Reads a `T` from `json`: JSON's own kinds directly (with JSONDecoder's type checks), anything
    /// else through its `init(from:)`.
    static func read<T: Decodable>(_ type: T.Type, from json: JSON, path: [CodingKey]) throws -> T {
        func mismatch(_ expected: String) -> DecodingError {
            .typeMismatch(T.self, .init(codingPath: path, debugDescription: "expected \(expected), found \(json)"))
        }
        if T.self == JSON.self { return json as! T }
        if T.self == Bool.self { guard case .bool(let b) = json else { throw mismatch("a boolean") }; return b as! T }
        if T.self == String.self {
            guard case .string(let s) = json else { throw mismatch("a string") }; return s as! T
        }
        if T.self == Double.self {
            guard case .number(let d) = json else { throw mismatch("a number") }; return d as! T
        }
        if T.self == Float.self {
            guard case .number(let d) = json else { throw mismatch("a number") }; return Float(d) as! T
        }
        if let integer = T.self as? any FixedWidthInteger.Type {
            guard case .number(let d) = json, let i = exactly(integer, d) else { throw mismatch("a whole number") }
            return i as! T
        }
        return try T(from: JSONValueDecoder(value: json, codingPath: path))
    }

    private static func exactly<I: FixedWidthInteger>(_ type: I.Type, _ d: Double) -> I? { I(exactly: d) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let pairs) = value else {
            throw DecodingError.typeMismatch(
                [String: JSON].self, .init(codingPath: codingPath, debugDescription: "expected an object"))
        }
        return KeyedDecodingContainer(
            KeyedJSONReader<Key>(
                fields: Dictionary(pairs, uniquingKeysWith: { _, last in last }), codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw DecodingError.typeMismatch(
                [JSON].self, .init(codingPath: codingPath, debugDescription: "expected an array"))
        }
        return UnkeyedJSONReader(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleJSONReader(value: value, codingPath: codingPath)
    }
}

struct KeyedJSONReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: JSON]
    var codingPath: [CodingKey]
    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil }
    private func field(_ key: Key) throws -> JSON {
        guard let v = fields[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no \"\(key.stringValue)\""))
        }
        return v
    }
    func decodeNil(forKey key: Key) throws -> Bool { try field(key) == .null }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONValueDecoder.read(type, from: try field(key), path: codingPath + [key])
    }
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(value: try field(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try JSONValueDecoder(value: try field(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder { JSONValueDecoder(value: fields["super"] ?? .null, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder {
        JSONValueDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

struct UnkeyedJSONReader: UnkeyedDecodingContainer {
    let items: [JSON]
    var codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    init(items: [JSON], codingPath: [CodingKey]) { self.items = items; self.codingPath = codingPath }

    private mutating func next() throws -> JSON {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                JSON.self, .init(codingPath: codingPath, debugDescription: "the array has no more items"))
        }
        currentIndex += 1
        return items[currentIndex - 1]
    }
    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.read(type, from: try next(), path: codingPath)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(value: try next(), codingPath: codingPath).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try JSONValueDecoder(value: try next(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superDecoder() throws -> Decoder { JSONValueDecoder(value: try next(), codingPath: codingPath) }
}

struct SingleJSONReader: SingleValueDecodingContainer {
    let value: JSON
    var codingPath: [CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONValueDecoder.read(type, from: value, path: codingPath)
    }
}
