/// Numbers as text wherever people and scripts read them: the socket's JSON, hook `{value}`
/// arguments, the config reference and the number pad. One formatting, so a value reads the same
/// everywhere (the socket's `35` is the hook's `35`, never `35.0`).
public enum NumberFormat {
    /// Below this magnitude every whole Double is printed as an integer; from it on Swift's own
    /// description is kept ("1000000000000000.0", "1e+16"), as Int64 digits there would suggest a
    /// precision the value may not carry.
    public static let wholeNumberLimit = 1e15

    /// A whole number without a fraction (`35`, `-2`; negative zero is `0`); anything else in
    /// Swift's shortest round-trip form (`21.5`, `1e-07`, `1e+16`, `inf`, `nan`).
    public static func plain(_ d: Double) -> String {
        if d == d.rounded() && abs(d) < wholeNumberLimit { return String(Int64(d)) }
        return String(d)
    }

    /// `d` rounded half away from zero to `decimals` places, with exactly that many decimals (`37` with
    /// one decimal is `37.0`); a result that rounds to zero has no sign. Nil for a non-finite `d`; a
    /// magnitude beyond what an Int64 holds exactly is written `plain`, where decimals mean nothing.
    public static func fixed(_ d: Double, decimals: Int) -> String? {
        guard d.isFinite else { return nil }
        let decimals = max(0, decimals)
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (abs(d) * factor).rounded()
        guard scaled < 9e15 else { return plain(d) }
        let whole = Int64(scaled)
        var digits = String(whole)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
        }
        return d < 0 && whole != 0 ? "-" + digits : digits
    }
}
