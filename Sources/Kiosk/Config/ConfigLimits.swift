import Formats

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
