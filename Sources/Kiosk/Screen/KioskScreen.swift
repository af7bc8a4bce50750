import ConfigLoading
import AssetFiles
import ConfigModel
import Controls
import Core
import Platform
import Raster
import Widgets

/// One screen of the config, live: its elements (built by their kinds, `ElementKinds`), the touch
/// router over them, and the painter that draws them.
public final class KioskScreen {
    public let config: ScreenConfig
    /// Back to front.
    public internal(set) var elements: [Element]
    /// What every element of the screen is built with.
    let context: ElementContext
    /// Per element id, what of its config is worked out while it runs (`DynamicKeys`).
    var dynamic: [String: DynamicKeys] = [:]
    /// Per element id, the keys its element was last built with over its config (`DynamicKeys.patch`).
    var patches: [String: [String: ConfigValue]] = [:]
    /// Per element id and key, the text its rendered template gave last (reused while values stay).
    var renderedTexts: [String: RenderedText] = [:]
    /// The elements as the config wrote them, by id.
    var written: [String: ControlConfig] = [:]
    public let router: TouchRouter
    /// Draws the controls and knows what changed (Widgets).
    public let view: ScreenView
    /// Logical points → pixels.
    public let scale: Double

    /// The values its labels and readouts show.
    public let board: ValueBoard

    /// Builds screen `index` of `config` for a canvas of `canvasSize` pixels. Without a `board` (a
    /// one-off render), labels show the config's initial values: variables' `initial`, then this
    /// screen's controls, then every control's configured value. A `notice` is drawn above everything
    /// (the errors of a config that did not load) and takes no touch.
    public init(
        config: KioskConfig, index: Int, canvasSize: PixelSize, scale: Double, time: MonotonicTime,
        board: ValueBoard? = nil, notice: NoticeBanner.Content? = nil
    ) {
        let screen = config.screens[index]
        self.config = screen
        self.scale = scale
        let ownBoard = board == nil
        let board = board ?? ValueBoard(declarations: config.variables, time: time)
        self.board = board
        let context = KioskScreen.context(
            config: config, page: screen.id, canvasSize: canvasSize, scale: scale, time: time, board: board)
        self.context = context
        let points = context.screenSize
        var made: [Element] = []
        var dynamic: [String: DynamicKeys] = [:], patches: [String: [String: ConfigValue]] = [:],
            written: [String: ControlConfig] = [:]
        var rendered: [String: RenderedText] = [:]
        for c in screen.controls + KioskScreen.navigationBar(config.navigation, screenSize: points) {
            // The loader accepts only registered kinds, so a config that loaded has none missing.
            guard let kind = ElementKinds.named(c.kind) else { continue }
            written[c.id] = c
            var built = c
            if let keys = DynamicKeys(c, kind: kind, templates: config.templates) {
                dynamic[c.id] = keys
                let patch = keys.patch(c.id, board: board, time: time, overrides: [:], texts: &rendered)
                patches[c.id] = patch
                built = DynamicKeys.applying(patch, to: c)
            }
            made.append(kind.make(built, in: context))
        }
        elements = made
        self.dynamic = dynamic
        self.patches = patches
        self.written = written
        renderedTexts = rendered
        // Every model, then every overlay: overlays sit above all controls for touch and drawing.
        // Decorations (readouts) are drawn right after their model and never touched.
        let overlays = made.flatMap(\.overlays)
        router = TouchRouter(controls: made.map(\.model) + overlays)
        let banner = notice.map { [NoticeBanner(content: $0, screenSize: points, scale: scale)] } ?? []
        let controls = made.flatMap { [$0.model] + $0.decorations } + overlays + banner
        let images = ImageCatalog.builtin()
        if config.icons.isUsed {
            do { images.icons = try config.icons.openFont() } catch {
                Log.warning("icons: \(error); mdi: icons are not drawn")
            }
        }
        for e in images.loadImages(named: made.flatMap(\.imageNames), read: PNGImage.read(from:)) {
            Log.warning("screen \(screen.id): \(e)")
        }
        let faces = config.fonts.open()
        let resources = Resources(
            theme: config.theme, images: images, faces: faces,
            elementFaces: config.fonts.openElements(screen.controls.map(\.id), theme: faces))
        if resources.regularFace == nil {
            Log.warning("theme: cannot load the font \(config.fonts.regular); text uses the bold font or is not drawn")
        }
        if resources.boldFace == nil { Log.warning("theme: cannot load the bold font \(config.fonts.bold)") }
        view = ScreenView(
            controls: controls, background: screen.background ?? config.theme.background,
            resources: resources, scale: scale)
        view.time = time
        if ownBoard {
            let initial = ControlValues.initial(of: config)
            board.controlValue = { [unowned self] id in self.element(id: id)?.value ?? initial[id] }
        }
    }

    /// What every element of page `page` is built with (one place, so an element built off screen is built
    /// exactly as its screen would build it).
    static func context(
        config: KioskConfig, page: String, canvasSize: PixelSize, scale: Double, time: MonotonicTime,
        board: ValueBoard
    ) -> ElementContext {
        let points = Size(Double(canvasSize.width) / scale, Double(canvasSize.height) / scale)
        var context = ElementContext(
            scale: scale, configDirectory: FileIO.directory(of: config.file), screenSize: points,
            theme: config.theme, time: time, board: board, templates: config.templates)
        context.pages = config.screens.map {
            Page(id: $0.id, title: $0.title.isEmpty ? $0.id : $0.title, icon: $0.icon)
        }
        context.currentPage = page
        return context
    }

    /// Control `id` of any screen of `config`, built on its own (not drawn, not touched): how a value
    /// is set or read for a control whose screen is not shown. Nil when no screen has that control.
    static func offscreenElement(
        id: String, config: KioskConfig, canvasSize: PixelSize, scale: Double,
        time: MonotonicTime, board: ValueBoard, overrides: [String: ConfigValue] = [:]
    ) -> Element? {
        guard let screen = config.screens.first(where: { $0.controls.contains { $0.id == id } }),
            let c = screen.controls.first(where: { $0.id == id }), let kind = ElementKinds.named(c.kind)
        else { return nil }
        return kind.make(
            DynamicKeys.applying(overrides, to: c),
            in: context(config: config, page: screen.id, canvasSize: canvasSize, scale: scale, time: time, board: board)
        )
    }

    /// The id of the bar `[navigation] bar` adds to every screen.
    public static let navigationBarID = "nav-bar"

    /// The navigation bar the config asks every screen to show, along its top or bottom edge.
    static func navigationBar(_ navigation: NavigationConfig, screenSize: Size) -> [ControlConfig] {
        let h = NavBarKind.height
        switch navigation.bar {
        case .none: return []
        case .top:
            return [
                ControlConfig(
                    kind: "nav-bar", id: navigationBarID, frame: Rect(x: 0, y: 0, width: screenSize.width, height: h))
            ]
        case .bottom:
            return [
                ControlConfig(
                    kind: "nav-bar", id: navigationBarID,
                    frame: Rect(x: 0, y: screenSize.height - h, width: screenSize.width, height: h))
            ]
        }
    }

    /// The canvas rows a navigation bar along the top edge takes (0 without one): what lays itself over
    /// the panel (the link banner) goes below them, so the bar's labels stay readable.
    public var topBarPixels: Int {
        guard let bar = element(id: KioskScreen.navigationBarID), bar.config.frame.minY <= 0 else { return 0 }
        return Int((bar.config.frame.height * scale).rounded(.up))
    }

    /// The element called `id`, or nil.
    public func element(id: String) -> Element? { elements.first { $0.id == id } }

    /// Advances every element to `time` (fixed-step physics, animations); true while any moves.
    public func advance(to time: MonotonicTime) -> Bool {
        var moving = false
        for e in elements where e.advance(to: time) { moving = true }
        return moving
    }

    /// Draws the screen at `time`; returns the damaged pixel rectangles.
    public func render(into canvas: Canvas, full: Bool, time: MonotonicTime) -> [PixelRect] {
        view.time = time
        return view.render(into: canvas, full: full)
    }

    /// Draws the last frame's `rects` again, unchanged (`ScreenView.rehearse`).
    public func rehearse(_ rects: [PixelRect], canvas: Canvas) { view.rehearse(rects, canvas: canvas) }
}
