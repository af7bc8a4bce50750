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
}
