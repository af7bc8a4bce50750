import ConfigModel
import Controls
import Core

/// `nav-bar`: one button per screen (its title and icon), the shown one marked; a tap shows that
/// screen. `[navigation] bar` puts one on every screen; a config may also place its own.
public struct NavBarKind: RegisteredKind {
    public var name: String { "nav-bar" }
    public var schema: Schema { NavBarKind.navSchema }
    public var valueShape: ValueShape { .nothing }

    /// Height of the bar `[navigation] bar` adds, in points (above the 9 mm touch minimum).
    public static let height = 64.0

    static let textSize = DefaultedNumber("size", default: 18)

    static let navSchema = ElementKeys.withText.adding([
        NavBarKind.textSize.field(6...200, "Text size in points.")
    ])

    public func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let bar = NavBarModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            pages: context.pages, current: context.currentPage, size: NavBarKind.textSize.read(c.properties),
            theme: context.theme)
        bar.isHidden = c.hidden
        return Element(
            config: c, model: bar, imageNames: context.pages.compactMap(\.icon), read: nil,
            write: { _, _ throws(Element.ValueError) in
                throw Element.ValueError("\(c.id) is a navigation bar and holds no value")
            },
            describe: { _ in .of(bar, points: bar.pages.indices.map { (bar.pages[$0].id, bar.segment($0).center) }) },
            actions: { event in
                guard case .selectionChanged(let i) = event, bar.pages.indices.contains(i) else { return [] }
                return [.screen(bar.pages[i].id)]
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? { (control as? NavBarModel).map(NavBarWidget.init) }
}

/// One screen as the navigation bar shows it.
public struct Page: Hashable, Sendable {
    public var id: String
    public var title: String
    /// An icon (resolved path or built-in name), or nil.
    public var icon: String?
    public init(id: String, title: String, icon: String?) { self.id = id; self.title = title; self.icon = icon }
}

/// The bar: equal segments, one per page; a tap on another page's segment raises `selectionChanged`.
final class NavBarModel: TapTarget {
    let pages: [Page]
    let current: String?
    let size: Double
    let theme: Theme

    init(id: String, bounds: Rect, transform: Transform, pages: [Page], current: String?, size: Double, theme: Theme) {
        self.pages = pages; self.current = current; self.size = size; self.theme = theme
        super.init(id: id, bounds: bounds, transform: transform)
    }

    func segment(_ i: Int) -> Rect {
        let w = bounds.width / Double(max(1, pages.count))
        return Rect(x: bounds.minX + w * Double(i), y: bounds.minY, width: w, height: bounds.height)
    }

    func index(at p: Point) -> Int {
        max(0, min(pages.count - 1, Int(((p.x - bounds.minX) / bounds.width * Double(pages.count)).rounded(.down))))
    }

    override func tapped(at p: Point, time: MonotonicTime) {
        let i = index(at: p)
        guard pages.indices.contains(i), pages[i].id != current else { return }
        outbox.send(.selectionChanged(index: i))
    }
}
