import Controls
import Core
import Raster

/// One screen as the kiosk shows it: the controls in z-order (back to front) over a background colour.
/// `render` repaints only what changed since the previous call and says which pixels it touched, so the
/// display copies or flips just those (DESIGN: damage, not frames).
///
/// Each control is drawn through its own `transform` (local points → device pixels, which the kiosk sets
/// to scale × rotation about the frame centre × translation), exactly as the router hit-tests it.
/// Popups (open wheel, picker, balloon, number pad) are drawn after every control, above all of them.
public final class ScreenView {
    /// The colour behind every control.
    public var background: Color
    /// Theme, fonts and images.
    public let resources: Resources
    /// Device pixels per logical point for screen-level drawing (the controls carry theirs in `transform`).
    public let scale: Double
    /// The time the next `render` draws (animations and the spinner's wheel are sampled at it). Set it to
    /// the loop's monotonic time before rendering.
    public var time: MonotonicTime = 0
    private var widgets: [any Widget]
    /// The widgets in overlay drawing order (by level, then z-order).
    private var overlayOrder: [any Widget] = []
    /// Whether the previous frame covered a canvas of this size (a new size forces a full repaint).
    private var lastCanvasSize: (Int, Int)?
    /// Ids of controls whose device is unavailable: drawn veiled (their own pixels dimmed in place,
    /// `Veil`), so their value never reads as live. Changing it damages exactly those controls.
    public var unavailable: Set<String> = [] {
        didSet {
            let changed = unavailable.symmetricDifference(oldValue)
            veilDamage += widgets.filter { changed.contains($0.control.id) }.map { $0.baseBounds(at: time) }
        }
    }
    private var veilDamage: [Rect] = []
    /// Notes beside elements (`showNote`), by element id, and where they were drawn or go.
    var notes: [String: ElementNote] = [:]
    var noteDamage: [Rect] = []
    /// How much of an unavailable control's own drawing the veil takes away.
    static let veilOpacity = 0.7
    /// The pixels beneath the veiled element being drawn (kept between repaints to reuse its memory).
    private var veil = Veil()

    /// - Parameters:
    ///   - controls: back to front. Controls of a kind Widgets does not know are skipped (see `unsupported`).
    ///   - background: the screen colour (usually `theme.background`).
    ///   - resources: theme, fonts and images (build once per screen set; they hold the glyph caches).
    ///   - scale: pixels per point (`Scale.from(panelPixels:physicalMM:)`).
    public convenience init(controls: [any TouchControl], background: Color, resources: Resources, scale: Double) {
        self.init(
            controls: controls, background: background, resources: resources, scale: scale, kinds: ElementKinds.all)
    }

    /// The same, drawing with the looks of `kinds` (the registry, or more in a test).
    init(
        controls: [any TouchControl], background: Color, resources: Resources, scale: Double,
        kinds: [any RegisteredKind]
    ) {
        self.background = background
        self.resources = resources
        self.scale = scale
        widgets = controls.compactMap { ElementKinds.widget(for: $0, among: kinds) }
        // A value slider shows the pad's edit label in the pad's validity colour (NP-29, NP-31).
        let pad = controls.lazy.compactMap { $0 as? NumberPad }.first
        for case let w as ValueSliderWidget in widgets { w.pad = pad }
        overlayOrder = widgets.enumerated().sorted {
            ($0.element.overlayLevel, $0.offset) < ($1.element.overlayLevel, $1.offset)
        }
        .map(\.element)
        unsupported = controls.filter { ElementKinds.widget(for: $0, among: kinds) == nil }.map(\.id)
    }

    /// Ids of the controls this module cannot draw yet (nothing is drawn for them).
    public let unsupported: [String]

    /// Draws `new` where `old` stood (an element built again because a property changed): the pixels
    /// of both are damaged, nothing else.
    public func replace(_ old: [any TouchControl], with new: [any TouchControl]) {
        func isOld(_ w: any Widget) -> Bool { old.contains { $0 === w.control } }
        for w in widgets where isOld(w) {
            veilDamage.append(w.baseBounds(at: time))
            if let box = w.overlayBounds(at: time) { veilDamage.append(box) }
        }
        let fresh = new.compactMap { ElementKinds.widget(for: $0, among: ElementKinds.all) }
        // A value slider shows its own pad's edit label (the pad comes with it among `new`).
        let pad = (fresh + widgets).lazy.compactMap { ($0.control as? NumberPad) }.first
        for case let w as ValueSliderWidget in fresh { w.pad = pad }
        let at = widgets.firstIndex(where: isOld) ?? widgets.count
        widgets.removeAll(where: isOld)
        widgets.insert(contentsOf: fresh, at: min(at, widgets.count))
        for w in fresh {
            veilDamage.append(w.baseBounds(at: time))
            if let box = w.overlayBounds(at: time) { veilDamage.append(box) }
        }
        overlayOrder = widgets.enumerated().sorted {
            ($0.element.overlayLevel, $0.offset) < ($1.element.overlayLevel, $1.offset)
        }
        .map(\.element)
    }

    /// Draws what changed since the last call into `canvas` (everything when `full`, on the first call, or
    /// when the canvas size changed) and returns the repainted pixel rectangles (disjoint, clipped to the
    /// canvas, merged by Core's `DamageRegion`). An unchanged screen returns no rectangles and touches no
    /// pixel.
    @discardableResult
    public func render(into canvas: Canvas, full: Bool) -> [PixelRect] {
        let t = time
        expireNotes(at: t)
        var damage: [Rect] = []
        for w in widgets { damage += w.collectDamage(at: t) }
        damage += veilDamage + noteDamage
        veilDamage = []
        noteDamage = []
        let sizeChanged = lastCanvasSize.map { $0 != (canvas.width, canvas.height) } ?? true
        lastCanvasSize = (canvas.width, canvas.height)
        let rects: [PixelRect]
        if full || sizeChanged {
            rects = [canvas.bounds]
        } else {
            rects = DamageRegion.merged(damage.map(PixelRect.init(covering:)), within: canvas.bounds)
        }
        for r in rects { repaint(r, canvas: canvas, time: t) }
        return rects
    }

    /// Repaints `rects` as the last `render` drew them, at its time: the same pixels again, with the code
    /// and memory they take brought into the caches. The kiosk calls it while it awaits a touch report.
    public func rehearse(_ rects: [PixelRect], canvas: Canvas) {
        for r in rects { repaint(r.intersection(canvas.bounds), canvas: canvas, time: time) }
    }

    /// Repaints one rectangle: background, then every widget's normal pass that reaches it, then every
    /// overlay that reaches it.
    private func repaint(_ r: PixelRect, canvas: Canvas, time t: MonotonicTime) {
        var c = canvas
        c.clip = r
        c.clear(background)
        let area = r.rect
        for w in widgets where w.baseBounds(at: t).intersects(area) {
            guard unavailable.contains(w.control.id) else {
                w.drawBase(painter(c, w), at: t)
                continue
            }
            veil.keep(c, PixelRect(covering: w.baseBounds(at: t)))
            w.drawBase(painter(c, w), at: t)
            veil.fade(c, opacity: ScreenView.veilOpacity)
        }
        // Notes go under a modal dialog (level 4: a question, a PIN pad), above every other overlay.
        var notesDrawn = notes.isEmpty
        for w in overlayOrder {
            guard let box = w.overlayBounds(at: t), box.intersects(area) else { continue }
            if !notesDrawn && w.overlayLevel >= 4 { drawNotes(on: c); notesDrawn = true }
            w.drawOverlay(painter(c, w), at: t)
        }
        if !notesDrawn { drawNotes(on: c) }
    }

    /// Where element `id` is drawn now, in canvas pixels (nil: not on this screen).
    func baseBounds(of id: String) -> Rect? {
        widgets.first { $0.control.id == id }?.baseBounds(at: time)
    }

    /// A painter for widget `w`: its control's transform, its element's faces.
    private func painter(_ canvas: Canvas, _ w: any Widget) -> LocalPainter {
        LocalPainter(
            canvas: canvas, transform: w.control.transform, resources: resources,
            faces: resources.faces(for: w.control.id))
    }
}
