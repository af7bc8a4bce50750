import Persistence
import ConfigLoading
import Controls
import Core
import Formats
import Widgets

extension ElementDescription {
    /// The description as `list` pairs: `frame` as [x, y, w, h], `points` by name, then `open` and
    /// `keys` where the element has them; numbers rounded to hundredths of a pixel.
    var jsonPairs: [(String, JSON)] {
        func number(_ v: Double) -> JSON { .number((v * 100).rounded() / 100) }
        func point(_ p: Point) -> JSON { .array([number(p.x), number(p.y)]) }
        var pairs: [(String, JSON)] = [
            ("frame", .array([frame.minX, frame.minY, frame.width, frame.height].map(number))),
            ("points", .object(points.map { ($0.name, point($0.point)) })),
        ]
        if let open { pairs.append(("open", .bool(open))) }
        if let keys { pairs.append(("keys", .object(keys.map { ($0.label, point($0.point)) }))) }
        return pairs
    }
}
