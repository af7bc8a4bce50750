import ConfigModel
import Core

/// How a card places the elements whose `in` names it, and where its title goes: a pure function of the
/// card's keys and frame, computed once when the config is loaded so the kiosk and `render` see plain
/// frames.
public struct CardLayout: Sendable, Hashable {
    /// The ways a card can place its elements.
    public enum Arrangement: String, CaseIterable, Sendable {
        /// Side by side: equal widths across the content's width, its full height.
        case row
        /// Stacked: equal heights down the content's height, its full width.
        case column
        /// `columns` cells per row, left to right then top to bottom; rows of equal height.
        case grid
    }

    /// The kind whose elements lay out others (`kind = "card"`).
    public static let cardKind = "card"

    /// How the card places elements, or nil for a card that places none.
    public var arrangement: Arrangement?
    /// Room between the card's edge and its title and content.
    public var padding: Double
    /// Room between cells, and between the title and the content.
    public var gap: Double
    /// Cells per row of a grid.
    public var columns: Int
    /// The title's size in points, or nil for a card without a title.
    public var titleSize: Double?

    public static let defaultPadding = 12.0
    public static let defaultGap = 8.0
    public static let defaultColumns = 2
    public static let defaultTitleSize = 16.0
    /// Where the title's baseline sits below the padding, as a fraction of its size: about the
    /// ascent of the bold face, so capitals touch the padding line.
    static let titleBaseline = 0.8

    public init(
        arrangement: Arrangement?, padding: Double = defaultPadding, gap: Double = defaultGap,
        columns: Int = defaultColumns, titleSize: Double? = nil
    ) {
        self.arrangement = arrangement; self.padding = padding; self.gap = gap; self.columns = columns
        self.titleSize = titleSize
    }

    /// The layout of a validated `card` table.
    public init(card t: ConfigTable) {
        self.init(
            arrangement: t.string("layout").flatMap(Arrangement.init(rawValue:)),
            padding: t.number("padding") ?? CardLayout.defaultPadding, gap: t.number("gap") ?? CardLayout.defaultGap,
            columns: t.int("columns") ?? CardLayout.defaultColumns,
            titleSize: t.string("title").map { _ in t.number("title_size") ?? CardLayout.defaultTitleSize })
    }

    /// The height the title takes at the top of the content area: one line of it, then a gap.
    public var titleBand: Double { titleSize.map { $0 + gap } ?? 0 }

    /// The area laid-out elements share: the card's frame inside the padding, below the title's band.
    public func content(of frame: Rect) -> Rect {
        let top = frame.minY + padding + titleBand
        return Rect(
            x: frame.minX + padding, y: top, width: frame.width - 2 * padding, height: frame.maxY - padding - top)
    }

    /// The frames of `count` elements in the card's `frame`, in file order (empty for a card without an
    /// arrangement). Cells may come out empty or negative when the card is too small; the loader
    /// reports that.
    public func cells(count: Int, in frame: Rect) -> [Rect] {
        guard let arrangement, count > 0 else { return [] }
        let area = content(of: frame)
        func share(_ length: Double, _ n: Int) -> Double { (length - gap * Double(n - 1)) / Double(n) }
        switch arrangement {
        case .row:
            let w = share(area.width, count)
            return (0..<count).map {
                Rect(x: area.minX + Double($0) * (w + gap), y: area.minY, width: w, height: area.height)
            }
        case .column:
            let h = share(area.height, count)
            return (0..<count).map {
                Rect(x: area.minX, y: area.minY + Double($0) * (h + gap), width: area.width, height: h)
            }
        case .grid:
            let rows = (count + columns - 1) / columns
            let w = share(area.width, columns), h = share(area.height, rows)
            return (0..<count).map { i in
                Rect(
                    x: area.minX + Double(i % columns) * (w + gap), y: area.minY + Double(i / columns) * (h + gap),
                    width: w, height: h)
            }
        }
    }
}
