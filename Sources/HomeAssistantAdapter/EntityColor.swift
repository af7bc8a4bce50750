/// A colour wheel's value (`0xRRGGBB`, the colour the light gives out) against a Home Assistant light,
/// which keeps its colour at full strength (`rgb_color`, brightest channel 255) and its `brightness`
/// apart: a dark red on the wheel is a red light at low brightness, not a light told "dark red" at
/// whatever brightness it had.
enum EntityColor {
    /// The wheel's value for HA's `rgb_color` at `brightness` (0–255; none said: full).
    static func shown(_ rgb: [Double], brightness: Double?) -> Int {
        let scale = max(0, min(255, brightness ?? 255)) / 255
        let channels = rgb.map { Int(max(0, min(255, ($0 * scale).rounded()))) }
        return channels.count == 3 ? channels[0] << 16 | channels[1] << 8 | channels[2] : 0
    }

    /// The `rgb_color` and `brightness` that give out `value`; nil for black (the light off).
    static func sent(_ value: Int) -> (rgb: [Int], brightness: Int)? {
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
        guard let peak = channels.max(), peak > 0 else { return nil }
        return (channels.map { Int((Double($0) * 255 / Double(peak)).rounded()) }, peak)
    }
}
