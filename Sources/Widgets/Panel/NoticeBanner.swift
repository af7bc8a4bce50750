import Controls
import Core
import Raster

/// What the kiosk must tell whoever stands at the panel, drawn above everything on the screen (a
/// config that did not load: its located errors). It takes no touch, so the controls below a banner
/// across the top still work; a full-screen one covers a panel that has nothing else to show.
public final class NoticeBanner: TouchControl {
    /// What the banner says.
    public struct Content: Hashable, Sendable {
        /// The first line, in white: what happened and what the panel does about it.
        public var headline: String
        /// The lines below it (each error), wrapped to the width.
        public var lines: [String]
        /// Cover the whole screen instead of a band across its top.
        public var fullScreen: Bool
        public init(headline: String, lines: [String], fullScreen: Bool) {
            self.headline = headline; self.lines = lines; self.fullScreen = fullScreen
        }
    }

    public let id = "notice"
    public let bounds: Rect
    public let transform: Transform
    public var isHidden = false
    let content: Content

    /// The text size in points; the band grows to the lines it needs, up to `bandShare` of the screen.
    static let textSize = 15.0
    static let bandShare = 0.45
    static let padding = 10.0
    static let background = Color(r: 0x38, g: 0x0A, b: 0x0A, a: 0xF2)
    static let headlineColor = Color.white
    static let textColor = Color(rgb: 0xFFD7D7)

    /// A banner for a screen of `screenSize` points drawn at `scale` pixels per point.
    public init(content: Content, screenSize: Size, scale: Double) {
        self.content = content
        let height = content.fullScreen ? screenSize.height : screenSize.height * NoticeBanner.bandShare
        bounds = Rect(x: 0, y: 0, width: screenSize.width, height: height)
        transform = .scale(scale, scale)
    }

    // It claims no touch, never moves and raises no event.
    public func claims(_ p: Point) -> Bool { false }
    public func touchBegan(at p: Point, time: MonotonicTime) -> Bool { false }
    public func touchMoved(to p: Point, time: MonotonicTime) {}
    public func touchEnded(at p: Point, time: MonotonicTime) {}
    public func touchCancelled(time: MonotonicTime) {}
    public func advance(to time: MonotonicTime) -> Bool { false }
    public func drainEvents() -> [ControlEvent] { [] }
}

/// Draws a `NoticeBanner` in the overlay pass (above popups and pads): a dark red band, the headline,
/// then the lines, wrapped; what does not fit ends in "…". It never changes once drawn.
final class NoticeBannerWidget: Widget {
    let banner: NoticeBanner
    var control: any TouchControl { banner }
    private var damage = StillDamage()

    init(_ banner: NoticeBanner) { self.banner = banner }

    var overlayLevel: Int { 3 }
    func baseBounds(at time: MonotonicTime) -> Rect { .zero }
    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {}
    func overlayBounds(at time: MonotonicTime) -> Rect? { box }
    func collectDamage(at time: MonotonicTime) -> [Rect] { damage.collect(box: box, hidden: banner.isHidden) }

    private var box: Rect { DamageBox.of(banner.bounds, banner.transform) }

    func drawOverlay(_ painter: LocalPainter, at time: MonotonicTime) {
        guard !banner.isHidden else { return }
        let size = NoticeBanner.textSize, pad = NoticeBanner.padding
        let width = banner.bounds.width - 2 * pad
        let lineHeight = painter.lineMetrics(size: size, bold: false).map { $0.ascent + $0.descent } ?? size * 1.2
        let regular = { (line: String) in painter.lineWidth(line, size: size, bold: false) }
        let bold = { (line: String) in painter.lineWidth(line, size: size, bold: true) }
        let room = max(1, Int(((banner.bounds.height - 2 * pad) / lineHeight).rounded(.down)))
        let headline = TextLayout.wrap(banner.content.headline, width: width, maxLines: room, measure: bold)
        let body = banner.content.lines.flatMap { TextLayout.wrap($0, width: width, maxLines: room, measure: regular) }
        var lines = headline.map { ($0, NoticeBanner.headlineColor) } + body.map { ($0, NoticeBanner.textColor) }
        if lines.count > room {
            lines = Array(lines.prefix(room))
            let measure = room <= headline.count ? bold : regular
            lines[room - 1].0 = TextLayout.ellipsized(lines[room - 1].0, width: width, force: true, measure: measure)
        }
        let height =
            banner.content.fullScreen
            ? banner.bounds.height : min(banner.bounds.height, 2 * pad + lineHeight * Double(lines.count))
        painter.fillRoundedRect(
            Rect(x: 0, y: 0, width: banner.bounds.width, height: height), radius: 0,
            paint: Paint(NoticeBanner.background))
        for (i, line) in lines.enumerated() {
            let rect = Rect(x: pad, y: pad + lineHeight * Double(i), width: width, height: lineHeight)
            painter.drawBlock(
                [line.0], in: rect, size: size, bold: i < headline.count, align: .left, color: line.1, alpha: 1,
                clip: box)
        }
    }
}
