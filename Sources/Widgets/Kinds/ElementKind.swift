import ConfigModel
import Controls
import Core

/// One kind of thing a config can put on a screen (`kind = "circular-slider"`), with every role the
/// kiosk needs of it in one place: its keys (schema), the rules between keys, which keys name
/// images, and how to build a live element from a validated table. The look of its models is the
/// `RegisteredKind` role below; the registry (`ElementKinds.all`) holds one line per kind.
public protocol ElementKind: Sendable {
    /// The `kind` string in the config.
    var name: String { get }
    /// Every key a table of this kind may hold, the common ones (`ElementKeys.common`) included.
    var schema: Schema { get }
    /// Keys naming an image file or `builtin:NAME` icon, checked by the loader; a key inside the
    /// tables of an array (`items[].icon`) is given as `within: "items"`.
    var imageKeys: [ImageKey] { get }
    /// Keys holding a text template (`TextTemplate`), parsed and checked by the loader: every name
    /// must be a control or a declared variable.
    var templateKeys: [TemplateKey] { get }
    /// What the kind's value is, so templates can be checked against it (`{id.1}` needs a pair).
    var valueShape: ValueShape { get }
    /// Keys whose string names a control (holding a value) or a declared variable, checked by the
    /// loader like a template's names (a gauge's `source`).
    var referenceKeys: [String] { get }
    /// The step its value leaves the panel in (`ValueStep`), for a table of this kind; nil for a
    /// kind that holds no value. Socket replies, the state file, MQTT and Home Assistant's `step`
    /// all use it.
    func valueStep(_ table: ConfigTable) -> Double?
    /// What its value is to programs outside the panel, for a table of this kind: every adapter
    /// (Home Assistant discovery, …) derives its entity from this, never from the kind's name. A kind
    /// that holds a value (`valueShape` other than `.nothing`) must declare one; a test checks it.
    func exposure(_ table: ConfigTable) -> ValueExposure
    /// The indexes of a `select` exposure's options that are disabled: shown dimmed on the panel, but
    /// not offered to (nor taken from) programs outside it.
    func disabledOptions(_ table: ConfigTable) -> Set<Int>
    /// The names whose recent values an element of this kind shows (a chart's sources), with how
    /// many samples over how long: the runtime records them from load on, whichever screen is shown.
    func trackedHistory(_ table: ConfigTable) -> [HistoryRequest]
    /// Whether the element takes touches: the loader warns when such an element is smaller than a
    /// finger or overlaps another one. Structure (cards) and pictures take none.
    var takesTouches: Bool { get }
    /// Rules that involve more than one key: calls `report(key, "expected …, found …")` per mistake.
    func check(_ table: ConfigTable, report: (_ key: String, _ message: String) -> Void)
    /// The live element for a validated control table.
    func make(_ config: ControlConfig, in context: ElementContext) -> Element
}

/// A config key that names an image.
public struct ImageKey: Sendable, Hashable {
    /// The key.
    public var key: String
    /// The array of tables the key sits in, or nil for the control's own table.
    public var within: String?
    /// The key holds an array of images (`""` for none) rather than one.
    public var list: Bool
    public init(_ key: String, within: String? = nil, list: Bool = false) {
        self.key = key; self.within = within; self.list = list
    }
}

/// A config key that holds a text template.
public struct TemplateKey: Sendable, Hashable {
    /// The key.
    public var key: String
    /// A name that stands for the element's own value in this template (a dial readout's `value`),
    /// or nil.
    public var ownName: String?
    /// The kiosk renders the template into plain text before the kind builds its element (a button's
    /// text, a toggle's label, a card's title), and builds the element again when that text changes;
    /// false for keys the element renders itself, live, with stale values dimmed (labels, readouts).
    public var rendered: Bool
    public init(_ key: String, ownName: String? = nil, rendered: Bool = false) {
        self.key = key; self.ownName = ownName; self.rendered = rendered
    }
}

/// What an element holds.
public enum ValueShape: Sendable, Hashable {
    /// Nothing (a label).
    case nothing
    /// One number.
    case single
    /// Two numbers (a range-slider's ends).
    case pair
}

extension ElementKind {
    public var imageKeys: [ImageKey] { [] }
    public var templateKeys: [TemplateKey] { [] }
    public var valueShape: ValueShape { .single }
    public var referenceKeys: [String] { [] }
    public var takesTouches: Bool { true }
    public func valueStep(_ table: ConfigTable) -> Double? { nil }
    public func exposure(_ table: ConfigTable) -> ValueExposure { .nothing }
    public func disabledOptions(_ table: ConfigTable) -> Set<Int> { [] }
    public func trackedHistory(_ table: ConfigTable) -> [HistoryRequest] { [] }
    public func check(_ table: ConfigTable, report: (_ key: String, _ message: String) -> Void) {}
}

/// The role every registered kind must also play: drawing its models. Kept apart from the public
/// protocol because widgets are internal to this module; `ElementKinds.all` has this type, so a kind
/// without a look does not compile.
protocol RegisteredKind: ElementKind {
    /// The widget that draws `control`, or nil when `control` is not one of this kind's models.
    func widget(for control: any TouchControl) -> (any Widget)?
}

/// A name whose samples an element shows, kept in `capacity` samples over `window` seconds, and
/// with `persist` kept in the state file across restarts.
public struct HistoryRequest: Sendable, Hashable {
    public var name: String
    public var capacity: Int
    public var window: Double
    public var persist: Bool
    public init(name: String, capacity: Int, window: Double, persist: Bool = false) {
        self.name = name; self.capacity = capacity; self.window = window; self.persist = persist
    }
}

/// What building an element needs to know about the screen it goes on.
public struct ElementContext {
    /// Logical points → pixels.
    public var scale: Double
    /// The folder of the config file; image paths are relative to it.
    public var configDirectory: String
    /// The screen's size in logical points (popups are placed within it).
    public var screenSize: Size
    public var theme: Theme
    /// Now (animations that start at build time start here).
    public var time: MonotonicTime
    /// The values labels and readouts show.
    public var board: ValueBoard
    /// The config's templates, parsed once at load, by their text.
    public var templates: [String: TextTemplate]
    /// Every screen, for navigation bars, and the id of the one being built.
    public var pages: [Page] = []
    public var currentPage: String?

    public init(
        scale: Double, configDirectory: String, screenSize: Size, theme: Theme, time: MonotonicTime,
        board: ValueBoard = ValueBoard(), templates: [String: TextTemplate] = [:]
    ) {
        self.scale = scale; self.configDirectory = configDirectory; self.screenSize = screenSize
        self.theme = theme; self.time = time; self.board = board; self.templates = templates
    }

    /// The template written as `source`: the one parsed at load, else parsed now; a template the
    /// loader would have refused is shown as the literal text it is.
    public func template(_ source: String) -> TextTemplate {
        if let parsed = templates[source] { return parsed }
        return (try? TextTemplate(parsing: source)) ?? TextTemplate(literal: source)
    }

    /// Local points → screen pixels for a control: rotate about the frame's centre, move to the frame, scale.
    public func transform(for c: ControlConfig) -> Transform {
        Transform.rotation(.degrees(c.rotation), about: ElementContext.localBounds(c).center)
            .then(.translation(c.frame.minX, c.frame.minY))
            .then(.scale(scale, scale))
    }

    /// The control's own rectangle in local points.
    public static func localBounds(_ c: ControlConfig) -> Rect {
        Rect(x: 0, y: 0, width: c.frame.width, height: c.frame.height)
    }

    /// An image path from the config as the kiosk opens it (`ConfigPaths`); `builtin:NAME` names one of
    /// the built-in icons; `mdi:NAME` an icon of the icon font, kept as written.
    public func imagePath(_ relative: String) -> String {
        if relative.hasPrefix(BuiltinIcons.prefix) { return String(relative.dropFirst(BuiltinIcons.prefix.count)) }
        if relative.hasPrefix(IconNames.prefix) { return relative }
        return ConfigPaths.resolve(relative, in: configDirectory)
    }
}

/// The kinds a config can name: one line per kind.
public enum ElementKinds {
    static let all: [any RegisteredKind] = [
        CircularSliderKind(), RangeSliderKind(), GradientSliderKind(),
        ArcSeekerKind(), SpinnerKind(), ValueSliderKind(),
        LabelKind(), GaugeKind(), ButtonKind(), ToggleKind(), ChoiceKind(), NavBarKind(),
        ImageKind(), CardKind(), QRCodeKind(), ChartKind(), ColorWheelKind(), DropdownKind(),
    ]

    /// Every kind, in the order the reference lists them.
    public static var kinds: [any ElementKind] { all }

    /// Has `history` track every name the elements of `controls` chart (`ElementKind.trackedHistory`),
    /// and nothing else: at a reload, what no chart shows any more is dropped.
    public static func trackHistory(of controls: [ControlConfig], in history: SampleHistory) {
        history.follow(controls.flatMap { named($0.kind)?.trackedHistory($0.properties) ?? [] })
    }

    /// The kind called `name`, or nil.
    public static func named(_ name: String) -> (any ElementKind)? { all.first { $0.name == name } }

    /// The widget for a control model of any registered kind (or of an overlay such as the number pad).
    static func widget(for control: any TouchControl, among kinds: [any RegisteredKind] = all) -> (any Widget)? {
        // A dial's readout is drawn the same way whichever kind of dial it sits in.
        if let readout = control as? Readout { return ReadoutWidget(readout) }
        if let banner = control as? NoticeBanner { return NoticeBannerWidget(banner) }
        if let dialog = control as? ConfirmDialog { return ConfirmDialogWidget(dialog) }
        if let dialog = control as? PinDialog { return PinDialogWidget(dialog) }
        for kind in kinds { if let w = kind.widget(for: control) { return w } }
        return nil
    }
}
