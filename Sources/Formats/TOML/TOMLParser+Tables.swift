/// The tables of a document while it is parsed, and TOML's rules on which may be defined or extended
/// where: a key is defined once; a table by one `[header]` (or by dotted keys, in one table section
/// only); an inline table or array is complete as written; `[[a]]` appends to an array of tables only.
///
/// Tables live in one array and refer to each other by index, so that extending a table deep in the
/// tree mutates it in place; `node(_:)` turns a table into a `TOMLNode` at the end.
struct TOMLTableTree {
    static let root = 0

    /// How a table came to exist, which decides what may extend it afterwards.
    enum Origin: Equatable {
        /// Named on the way to another header (`a` of `[a.b]`): its own `[a]` may still come.
        case implicit
        /// Defined by its `[header]`, as an element of an array of tables, or the document itself.
        case header
        /// Made by dotted keys (`a.b = 1` makes `a`) in the table section numbered `section`.
        case dotted(section: Int)
        /// `{ … }`: complete as written.
        case inline
    }

    enum Entry {
        case value(TOMLNode)
        case table(Int)
        /// An array of tables: an index into `arrays`.
        case tableArray(Int)
    }

    struct Slot {
        var entry: Entry
        /// Where the key (or header) that defined it is written.
        var offset: Int
    }

    struct Table {
        var origin: Origin
        var depth: Int
        /// Its key path, as `TOMLKeyPath` writes it: components such as `screens`, `[0]`, `controls`.
        var path: [String]
        var keys: [String] = []
        var slots: [String: Slot] = [:]
    }

    private var tables = [Table(origin: .header, depth: 0, path: [])]
    private var arrays: [[Int]] = []
    /// The number of headers so far: tables made by dotted keys are closed when the next one starts.
    private var section = 0

    /// Where each key, table and array element is first written: its `TOMLKeyPath` text → byte offset.
    private(set) var positions: [String: Int] = [:]

    func depth(of table: Int) -> Int { tables[table].depth }
    func path(of table: Int) -> [String] { tables[table].path }

    mutating func record(_ path: [String], at offset: Int) {
        let text = TOMLKeyPath.text(path)
        if positions[text] == nil { positions[text] = offset }
    }

    // MARK: Headers

    /// The table that `[key]` (or `[[key]]`, appending a new one) names, created as needed.
    mutating func openHeader(
        _ key: [TOMLParser.KeyPart], isArray: Bool, at offset: Int,
        source: TOMLSource
    ) throws(TOMLSyntaxError) -> Int {
        section += 1
        var header: String { isArray ? "[[\(TOMLTableTree.text(key))]]" : "[\(TOMLTableTree.text(key))]" }
        var table = TOMLTableTree.root
        for (i, part) in key.enumerated() {
            let isLast = i == key.count - 1
            guard let slot = tables[table].slots[part.name] else {
                let child = try newTable(
                    isLast ? .header : .implicit, under: table, named: part.name,
                    element: isLast && isArray ? 0 : nil, at: part.offset, source: source)
                if isLast && isArray {
                    arrays.append([child])
                    add(.tableArray(arrays.count - 1), part.name, to: table, at: offset)
                } else {
                    add(.table(child), part.name, to: table, at: isLast ? offset : part.offset)
                }
                table = child
                continue
            }
            var path: String { TOMLTableTree.text(key[...i]) }
            let first = TOMLSourceLine(source: source, offset: slot.offset)
            switch slot.entry {
            case .value:
                throw source.error(
                    "cannot define \(header): \(path) is already a value (line \(first))", at: part.offset)
            case .tableArray(let a):
                if isLast && !isArray {
                    throw source.error(
                        "cannot define \(header): \(path) is an array of tables (line \(first))", at: offset)
                }
                if isLast {
                    let child = try newTable(
                        .header, under: table, named: part.name, element: arrays[a].count, at: part.offset,
                        source: source)
                    arrays[a].append(child)
                    record(tables[child].path, at: key[0].offset)
                    return child
                }
                guard let last = arrays[a].last else { throw source.error("cannot define \(header)", at: offset) }
                table = last
            case .table(let child):
                if isLast {
                    if isArray {
                        throw source.error(
                            "cannot define \(header): \(path) is already a table, not an array of tables (line \(first))",
                            at: offset)
                    }
                    switch tables[child].origin {
                    case .implicit:
                        tables[child].origin = .header
                        tables[table].slots[part.name]?.offset = offset
                    case .dotted:
                        throw source.error(
                            "cannot define \(header): its keys were already defined by dotted keys (line \(first))",
                            at: offset)
                    case .header, .inline:
                        throw source.error("the table \(header) is defined twice (first at line \(first))", at: offset)
                    }
                }
                table = child
            }
        }
        record(tables[table].path, at: key[0].offset)
        return table
    }

    // MARK: Key/value pairs

    /// Defines `key` (dotted: a path below `table`) as `value`.
    mutating func assign(
        _ value: TOMLNode, to key: [TOMLParser.KeyPart], in table: Int, source: TOMLSource
    ) throws(TOMLSyntaxError) {
        var target = table
        for (i, part) in key.enumerated() {
            let isLast = i == key.count - 1
            guard let slot = tables[target].slots[part.name] else {
                if isLast {
                    add(.value(value), part.name, to: target, at: key[0].offset)
                    record(tables[target].path + [part.name], at: key[0].offset)
                    return
                }
                let child = try newTable(
                    .dotted(section: section), under: target, named: part.name, element: nil, at: part.offset,
                    source: source)
                record(tables[child].path, at: key[0].offset)
                add(.table(child), part.name, to: target, at: part.offset)
                target = child
                continue
            }
            var path: String { TOMLTableTree.text(key[...i]) }
            let first = TOMLSourceLine(source: source, offset: slot.offset)
            if isLast {
                throw source.error("duplicate key \"\(path)\" (first defined at line \(first))", at: key[0].offset)
            }
            switch slot.entry {
            case .table(let child):
                switch tables[child].origin {
                case .implicit: tables[child].origin = .dotted(section: section)
                case .dotted(let s) where s == section: break
                case .dotted:
                    throw source.error(
                        "cannot add \(path).\(key[i + 1].name) with a dotted key: the table \(path) was defined by dotted keys in an earlier table section (line \(first))",
                        at: part.offset)
                case .header, .inline:
                    throw source.error(
                        "cannot add \(path).\(key[i + 1].name) with a dotted key: the table \(path) is defined by its own header (line \(first))",
                        at: part.offset)
                }
                target = child
            case .tableArray:
                throw source.error(
                    "cannot add to \(path) with a dotted key: it is an array of tables (line \(first))", at: part.offset
                )
            case .value:
                throw source.error(
                    "cannot add to \(path) with a dotted key: it is already a value, not a table (line \(first))",
                    at: part.offset)
            }
        }
    }

    /// A new, empty inline table (filled by `assign`, then read with `node`).
    mutating func makeInlineTable(
        depth: Int, path: [String], at offset: Int, source: TOMLSource
    ) throws(TOMLSyntaxError) -> Int {
        guard depth <= TOMLParser.maximumDepth else {
            throw source.error("nested more than \(TOMLParser.maximumDepth) tables and arrays deep", at: offset)
        }
        tables.append(Table(origin: .inline, depth: depth, path: path))
        return tables.count - 1
    }

    // MARK: Building

    /// A table `name` under `parent`, or element `element` of the array of tables `name`.
    private mutating func newTable(
        _ origin: Origin, under parent: Int, named name: String, element: Int?,
        at offset: Int, source: TOMLSource
    ) throws(TOMLSyntaxError) -> Int {
        let depth = tables[parent].depth + 1
        guard depth <= TOMLParser.maximumDepth else {
            throw source.error("nested more than \(TOMLParser.maximumDepth) tables and arrays deep", at: offset)
        }
        tables.append(
            Table(
                origin: origin, depth: depth, path: tables[parent].path + [name] + (element.map { ["[\($0)]"] } ?? [])))
        return tables.count - 1
    }

    private mutating func add(_ entry: Entry, _ key: String, to table: Int, at offset: Int) {
        tables[table].keys.append(key)
        tables[table].slots[key] = Slot(entry: entry, offset: offset)
    }

    /// The finished table, keys in the order the file first names them.
    func node(_ table: Int) -> TOMLNode {
        let t = tables[table]
        return .table(
            t.keys.compactMap { key in
                switch t.slots[key]?.entry {
                case .value(let v)?: return (key, v)
                case .table(let child)?: return (key, node(child))
                case .tableArray(let a)?: return (key, .array(arrays[a].map { node($0) }))
                case nil: return nil
                }
            })
    }

    /// A key as messages write it: `a.b`, parts quoted when they are not bare.
    static func text(_ key: some Collection<TOMLParser.KeyPart>) -> String {
        key.map { part in
            !part.name.isEmpty && part.name.utf8.allSatisfy(\.isBareKeyByte) ? part.name : "\"\(part.name)\""
        }.joined(separator: ".")
    }
}
