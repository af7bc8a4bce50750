import ConfigLoading
import Core
import Glibc
import Platform

/// Dims and blanks the panel when nobody touches it, through /sys/class/backlight, and wakes it on
/// the next touch. With `wakeTapOnly`, the touch that wakes a dark panel does nothing else. The
/// screen can also be switched off and its brightness set from outside (`power`): idle dimming
/// and blanking still apply below that brightness, and a touch on a screen switched off wakes it.
final class IdleController {
    enum Level: Equatable { case awake, dimmed, blank }
    private let config: IdleConfig
    private(set) var level = Level.awake
    private var lastActivity: Double
    private let backlightDir: String?
    private let maxBrightness: Int
    /// Whether the screen is on, and its brightness when awake (0…1), as set from outside.
    private(set) var power = ScreenPower(on: true, brightness: 1)

    /// `backlight`: false leaves every backlight alone (the levels still change and wake taps are
    /// still swallowed).
    init(config: IdleConfig, backlight: Bool = true, now: Double = monotonicNow()) {
        self.config = config
        lastActivity = now
        backlightDir = backlight ? config.backlight ?? IdleController.firstBacklight() : nil
        maxBrightness = backlightDir.flatMap { IdleController.readInt("\($0)/max_brightness") } ?? 0
    }

    var isEnabled: Bool { config.dimAfter > 0 || config.blankAfter > 0 }

    /// When the next level change is due.
    var nextDeadline: Double? {
        switch level {
        case .awake where config.dimAfter > 0: return lastActivity + config.dimAfter
        case .awake where config.blankAfter > 0, .dimmed where config.blankAfter > 0:
            return lastActivity + config.blankAfter
        default: return nil
        }
    }

    /// A touch arrived. Returns true when it must be swallowed (it only woke a dark panel).
    func touched(now: Double) -> Bool {
        lastActivity = now
        if !power.on {
            power.on = true
            setLevel(.awake, force: true)
            return config.wakeTapOnly
        }
        guard level != .awake else { return false }
        let wasDark = level
        setLevel(.awake)
        return config.wakeTapOnly && wasDark != .awake
    }

    func tick(now: Double) {
        if config.blankAfter > 0 && now >= lastActivity + config.blankAfter {
            setLevel(.blank)
        } else if config.dimAfter > 0 && now >= lastActivity + config.dimAfter && level == .awake {
            setLevel(.dimmed)
        }
    }

    /// Switches the screen on or off and sets its brightness (nil keeps each as it is). Switching it
    /// on counts as activity, so the idle timers start again.
    func setPower(on: Bool?, brightness: Double?, now: Double) {
        if let brightness { power.brightness = min(1, max(0, brightness)) }
        if let on {
            power.on = on
            if on { lastActivity = now; level = .awake }
        }
        setLevel(level, force: true)
    }

    private func setLevel(_ new: Level, force: Bool = false) {
        guard new != level || force else { return }
        level = new
        guard let dir = backlightDir, maxBrightness > 0 else { return }
        let full = Double(maxBrightness) * power.brightness
        let value: Int
        switch new {
        case _ where !power.on: value = 0
        case .awake: value = max(power.brightness > 0 ? 1 : 0, Int(full.rounded()))
        case .dimmed: value = max(1, Int((Double(maxBrightness) * min(config.dimLevel, power.brightness)).rounded()))
        case .blank: value = 0
        }
        let text = "\(value)\n"
        let fd = open("\(dir)/brightness", O_WRONLY | O_TRUNC | O_CLOEXEC)
        if fd < 0 { Log.warning("idle: cannot write \(dir)/brightness: \(String(cString: strerror(errno)))"); return }
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        Log.info("idle: panel \(power.on ? "\(new)" : "off"), backlight \(value)/\(maxBrightness)")
    }

    static func firstBacklight() -> String? {
        guard let dir = opendir("/sys/class/backlight") else { return nil }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { return "/sys/class/backlight/\(name)" }
        }
        return nil
    }

    static func readInt(_ path: String) -> Int? {
        guard let bytes = FileIO.read(path) else { return nil }
        return Int(String(decoding: bytes, as: UTF8.self).trimmedSpaces.filter { $0 != "\n" })
    }
}

/// The screen's power as set from outside: on or off, and its brightness when awake (0…1).
public struct ScreenPower: Equatable, Sendable {
    public var on: Bool
    public var brightness: Double
    public init(on: Bool, brightness: Double) { self.on = on; self.brightness = brightness }
}
