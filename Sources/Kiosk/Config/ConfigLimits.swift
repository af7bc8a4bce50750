import Core

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

    /// The largest canvas the kiosk draws for itself, with no display to size it (`display.size` of a
    /// headless panel, `render --size`, `simulate --size`): at most `canvasSide` pixels a side and
    /// `canvasPixels` in all, the frame of an 8K (DCI) panel, the largest made. A full frame's memory
    /// and drawing time grow with its pixels (the frame, the damage copy, a screenshot, a PNG), and a
    /// canvas larger than any screen buys that with nothing anyone sees. Geometric keys' ranges are
    /// ConfigModel's `GeometryLimits` (the element kinds' schemas need them too).
    public static let canvasSide = 8192
    public static let canvasPixels = 8192 * 4320

    /// Why `size` is too large a canvas, or nil.
    public static func canvasExcess(_ size: PixelSize) -> String? {
        let pixels = size.width * size.height
        guard size.width > canvasSide || size.height > canvasSide || pixels > canvasPixels else { return nil }
        return "expected a canvas of at most \(canvasSide) pixels a side and \(canvasPixels) pixels in all (8192x4320), "
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
