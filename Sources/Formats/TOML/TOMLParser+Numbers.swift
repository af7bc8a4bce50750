import Glibc

/// Integers, floats, and dates and times (checked, then kept only as their kind: no config key takes one).
extension TOMLParser {
    /// A value starting with a digit, a sign, `inf` or `nan`.
    mutating func parseNumberOrDate() throws(TOMLSyntaxError) -> TOMLNode {
        if isDigits(0, 4) && peek(4) == .minus { return try parseDateOrDateTime() }
        if isDigits(0, 2) && peek(2) == .colon { try parseTime(); return .other("time") }
        let start = pos
        while let c = peek(), c.isBareKeyByte || c == .dot || c == .plus { pos += 1 }
        let token = Array(bytes[start..<pos])
        switch TOMLParser.number(token) {
        case .int(let i)?: return .int(i)
        case .double(let d)?: return .double(d)
        case .overflow?:
            pos = start
            throw error("expected an integer from -2^63 to 2^63-1, found \(String(decoding: token, as: UTF8.self))")
        case nil:
            pos = start
            throw error("expected a number, found \"\(String(decoding: token, as: UTF8.self))\"")
        }
    }

    /// What a number token holds.
    enum Number: Equatable {
        case int(Int)
        case double(Double)
        /// An integer beyond 64 bits, which TOML requires to be an error rather than rounded.
        case overflow
    }

    /// The integer or float `token` spells, or nil when it is not one.
    static func number(_ token: [UInt8]) -> Number? {
        var body = token[...]
        let negative = body.first == .minus
        let signed = negative || body.first == .plus
        if signed { body = body.dropFirst() }
        if body.elementsEqual("inf".utf8) { return .double(negative ? -.infinity : .infinity) }
        if body.elementsEqual("nan".utf8) { return .double(negative ? -.nan : .nan) }
        if !signed, body.count > 2, body.first == UInt8(ascii: "0"), let radix = radix(body.dropFirst().first) {
            guard let magnitude = digits(body.dropFirst(2), radix: radix) else { return nil }
            return magnitude <= UInt64(Int.max) ? .int(Int(magnitude)) : .overflow
        }
        // Decimal: an integer part without leading zeros, then perhaps a fraction and an exponent.
        let intEnd = body.firstIndex { $0 == .dot || $0 | 0x20 == UInt8(ascii: "e") } ?? body.endIndex
        let intPart = body[..<intEnd]
        guard let magnitude = digits(intPart, radix: 10), intPart.first != UInt8(ascii: "0") || intPart.count == 1
        else { return nil }
        if intEnd == body.endIndex {
            let limit = negative ? UInt64(Int.max) + 1 : UInt64(Int.max)
            guard magnitude <= limit else { return .overflow }
            return .int(negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude))
        }
        var rest = body[intEnd...]
        if rest.first == .dot {
            let fractionEnd = rest.firstIndex { $0 | 0x20 == UInt8(ascii: "e") } ?? rest.endIndex
            guard digits(rest[rest.index(after: rest.startIndex)..<fractionEnd], radix: 10, limitless: true) != nil
            else { return nil }
            rest = rest[fractionEnd...]
        }
        if let e = rest.first {
            guard e | 0x20 == UInt8(ascii: "e") else { return nil }
            var exponent = rest.dropFirst()
            if exponent.first == .plus || exponent.first == .minus { exponent = exponent.dropFirst() }
            guard digits(exponent, radix: 10, limitless: true) != nil else { return nil }
        }
        // Checked: the C library converts the digits without underscores, correctly rounded.
        var text = token.filter { $0 != .underscore }
        text.append(0)
        return .double(text.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { strtod($0, nil) } ?? 0 })
    }

    private static func radix(_ letter: UInt8?) -> UInt64? {
        switch letter {
        case UInt8(ascii: "x")?: return 16
        case UInt8(ascii: "o")?: return 8
        case UInt8(ascii: "b")?: return 2
        default: return nil
        }
    }

    /// The value of digits in `radix` with single underscores between digits; nil when malformed, or
    /// when beyond 64 bits unless `limitless` (fractions and exponents are only checked, not valued).
    private static func digits(_ text: ArraySlice<UInt8>, radix: UInt64, limitless: Bool = false) -> UInt64? {
        guard let first = text.first, first != .underscore, text.last != .underscore else { return nil }
        var value: UInt64 = 0, previousUnderscore = false, overflow = false
        for c in text {
            if c == .underscore {
                if previousUnderscore { return nil }
                previousUnderscore = true
                continue
            }
            previousUnderscore = false
            let digit: UInt64
            if c.isDigit {
                digit = UInt64(c - 0x30)
            } else if c.isHexDigit {
                digit = UInt64((c | 0x20) - 0x61 + 10)
            } else {
                return nil
            }
            guard digit < radix else { return nil }
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (sum, o2) = shifted.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = sum
        }
        if overflow && !limitless { return UInt64.max }  // beyond Int.max: the caller reports the overflow
        return value
    }

    // MARK: Dates and times

    /// `1979-05-27`, perhaps followed by `T` (or `t` or a space) and a time, perhaps with an offset.
    private mutating func parseDateOrDateTime() throws(TOMLSyntaxError) -> TOMLNode {
        let start = pos
        guard peek(7) == .minus, isDigits(5, 2), isDigits(8, 2), let year = number(0, 4),
            let month = number(5, 2), let day = number(8, 2)
        else {
            throw error("expected a date such as 1979-05-27, found \(found())")
        }
        guard (1...12).contains(month), day >= 1, day <= TOMLParser.daysIn(month: month, year: year) else {
            throw error("expected a valid date, found \(String(decoding: bytes[start..<(start + 10)], as: UTF8.self))")
        }
        pos += 10
        let separator = peek()
        let timeFollows =
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
            || (separator == .space && isDigits(1, 2) && peek(3) == .colon)
        guard timeFollows else { return .other("date") }
        pos += 1
        try parseTime()
        if peek() == UInt8(ascii: "Z") || peek() == UInt8(ascii: "z") {
            pos += 1
        } else if peek() == .plus || peek() == .minus {
            guard isDigits(1, 2), peek(3) == .colon, isDigits(4, 2), let hours = number(1, 2),
                let minutes = number(4, 2),
                hours < 24, minutes < 60
            else { throw error("expected a time offset such as +01:00, found \(found())") }
            pos += 6
        }
        return .other("dateTime")
    }

    /// `07:32:00` or `07:32:00.999`.
    private mutating func parseTime() throws(TOMLSyntaxError) {
        guard isDigits(0, 2), peek(2) == .colon, isDigits(3, 2), peek(5) == .colon, isDigits(6, 2),
            let hours = number(0, 2), let minutes = number(3, 2), let seconds = number(6, 2)
        else {
            throw error("expected a time such as 07:32:00, found \(found())")
        }
        guard hours < 24, minutes < 60, seconds < 60 else {
            throw error("expected a valid time, found \(String(decoding: bytes[pos..<(pos + 8)], as: UTF8.self))")
        }
        pos += 8
        if peek() == .dot {
            guard isDigits(1, 1) else {
                throw error("expected digits after the decimal point of the seconds, found \(found(at: pos + 1))")
            }
            pos += 1
            while let c = peek(), c.isDigit { pos += 1 }
        }
    }

    /// Whether the `count` bytes from `offset` past the cursor are all digits.
    private func isDigits(_ offset: Int, _ count: Int) -> Bool {
        (0..<count).allSatisfy { peek(offset + $0)?.isDigit == true }
    }

    /// The decimal value of the `count` digits from `offset` past the cursor.
    private func number(_ offset: Int, _ count: Int) -> Int? {
        guard isDigits(offset, count) else { return nil }
        return (0..<count).reduce(0) { $0 * 10 + Int((peek(offset + $1) ?? 0x30) - 0x30) }
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
