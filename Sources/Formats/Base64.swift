/// Base64 (RFC 4648, standard alphabet, padded), for binary data inside JSON text. Our own, so a
/// binary that uses it needs no Foundation.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as base64 text with `=` padding and no line breaks.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [
                alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)],
            ]
            i += 3
        }
        let left = bytes.count - i
        if left > 0 {
            let n = UInt32(bytes[i]) << 16 | (left == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [
                alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], left == 2 ? alphabet[Int(n >> 6 & 63)] : 0x3D,
                0x3D,
            ]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of padded base64 `text`; nil for a character outside the alphabet, a length that is
    /// not a multiple of four, or misplaced padding.
    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let last = i + 4 == chars.count
            let padding = last ? chars[i..<i + 4].reversed().prefix { $0 == 0x3D }.count : 0
            guard padding <= 2 else { return nil }
            var n: UInt32 = 0
            for j in 0..<4 {
                let c = chars[i + j]
                if j >= 4 - padding { n <<= 6; continue }
                guard let v = value(c) else { return nil }
                n = n << 6 | v
            }
            out.append(UInt8(n >> 16))
            if padding < 2 { out.append(UInt8(n >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(n & 0xFF)) }
            i += 4
        }
        return out
    }

    private static func value(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x41...0x5A: return UInt32(c - 0x41)
        case 0x61...0x7A: return UInt32(c - 0x61 + 26)
        case 0x30...0x39: return UInt32(c - 0x30 + 52)
        case 0x2B: return 62
        case 0x2F: return 63
        default: return nil
        }
    }
}
