import Core
import Formats
import Glibc

/// The sizes a config may reach. Past them the kiosk would spend memory or time nobody meant to give
/// it (a log pasted as a label, a generated file with a million rows, a poster-sized icon): each is
/// a located error at load, never a slow start or an out-of-memory kill later.
public enum ConfigLimits {
    /// The largest config file read; also what `check-config` reads of a device or a pipe.
    public static let fileBytes = 1 << 20
    /// The longest string value (a label's text, a template, a path, one argument of a hook).
    public static let stringBytes = 4096
    /// The most items in one array (screens, the elements of a screen, a spinner's items, a hook's argv).
    public static let arrayItems = 1000

    /// The longest string a `text` variable holds (`set-var`, its `initial`).
    public static let variableTextBytes = 1024

    /// The mode of the files the kiosk keeps beside its state (the state file, the last good config):
    /// the service's group may read them, nobody else.
    public static let stateFileMode: mode_t = 0o640

    /// The longest socket path a Unix address holds (`sun_path` less its terminating NUL): a longer
    /// one would be cut and bind another path, so the config refuses it.
    public static var socketPathBytes: Int {
        let addr = sockaddr_un()
        return MemoryLayout.size(ofValue: addr.sun_path) - 1
    }

    /// The largest canvas the kiosk draws for itself, with no display to size it (`display.size` of a
    /// headless panel, `render --size`, `simulate --size`): the frame of an 8K (DCI) panel, the largest
    /// made. A canvas may have as many pixels in all and no side longer than its longer one (turned
    /// upright, or a strip, it fits too). A full frame's memory and drawing time grow with its pixels
    /// (the frame, the damage copy, a screenshot, a PNG), and a canvas larger than any screen buys that
    /// with nothing anyone sees. Geometric keys' ranges are ConfigModel's `GeometryLimits` (the element
    /// kinds' schemas need them too).
    public static let largestCanvas = PixelSize(width: 8192, height: 4320)
    /// The longest side a canvas may have (see `largestCanvas`).
    public static var canvasSide: Int { max(largestCanvas.width, largestCanvas.height) }
    /// The most pixels a canvas may have (see `largestCanvas`).
    public static var canvasPixels: Int { largestCanvas.width * largestCanvas.height }

    /// Why `size` is too large a canvas, or nil.
    public static func canvasExcess(_ size: PixelSize) -> String? {
        let pixels = size.width * size.height
        guard size.width > canvasSide || size.height > canvasSide || pixels > canvasPixels else { return nil }
        return
            "expected a canvas of at most \(canvasSide) pixels a side and \(canvasPixels) pixels in all (\(largestCanvas)), "
            + "found \(size) (\(pixels) pixels)"
    }

    /// Why `node` is too big to take, or nil: a long string, a long array or a long string inside one.
    static func excess(_ node: TOMLNode) -> String? {
        switch node {
        case .string(let s) where s.utf8.count > stringBytes:
            return "expected a string of at most \(stringBytes) bytes, found \(s.utf8.count) bytes"
        case .array(let items) where items.count > arrayItems:
            return "expected at most \(arrayItems) items, found \(items.count)"
        case .array(let items):
            for case .string(let s) in items where s.utf8.count > stringBytes {
                return "expected strings of at most \(stringBytes) bytes, found one of \(s.utf8.count) bytes"
            }
            return nil
        default:
            return nil
        }
    }
}
