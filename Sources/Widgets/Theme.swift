import Controls
import Core
import Raster

/// Colours and sizes of the kiosk's look (its fonts are opened at the edge and handed to `Resources`). The defaults suit a dark panel; a config may override
/// any field. Controls carry their own colours (the spec's per-control properties): `apply(to:)` copies
/// the theme into a freshly built control before the config's per-control overrides are applied.
public struct Theme: Hashable, Sendable {
    /// Screen background behind every control.
    public var background = Color(rgb: 0x202020)
    /// Filled arcs, value fills, tint of template icons and outlines.
    public var accent = Color(rgb: 0x7FA8C6)
    /// Unfilled tracks.
    public var track = Color(rgb: 0x505A64)
    /// Handles and thumbs.
    public var handle = Color(rgb: 0x234560)
    /// Labels and titles.
    public var text = Color.white
    /// Captions and hints (labels with `muted = true`): quieter than `text`, still legible.
    public var mutedText = Color(rgb: 0xA8B3C2)
    /// Markers on circular tracks.
    public var marker = Color(rgb: 0x6E7A86)
    /// Fill of the open wheel's sectors and the picker's rows.
    public var popupBackground = Color(rgb: 0x2C3238)
    /// The arc seeker's thumb (the original's red, softened for a dark panel).
    public var seekerThumb = Color(rgb: 0xE0645A)
    /// The gradient slider's colour list (MS-86): green, amber, red.
    public var gradient = [Color(rgb: 0x5DBB63), Color(rgb: 0xF5C542), Color(rgb: 0xE0645A)]
    /// Picker titles in points (RVS-15: bold system 20).
    public var pickerFontSize = 20.0

    /// The dark-panel defaults.
    public init() {}

    /// The dark-panel defaults.
    public static let dark = Theme()

    /// Dark text and marks on a light grey ground, for panels in bright rooms; it keeps the contrast
    /// rule (`ContrastRule`) as the dark theme does.
    public static let light: Theme = {
        var t = Theme()
        t.background = Color(rgb: 0xF3F4F6)
        t.accent = Color(rgb: 0x1F6FB2)
        t.track = Color(rgb: 0xC3CAD3)
        t.handle = Color(rgb: 0x1B3550)
        t.text = Color(rgb: 0x1A1D21)
        t.mutedText = Color(rgb: 0x56606B)
        t.marker = Color(rgb: 0x7D8894)
        t.popupBackground = Color(rgb: 0xFFFFFF)
        t.seekerThumb = Color(rgb: 0xC0392B)
        t.gradient = [Color(rgb: 0x2E9E4F), Color(rgb: 0xC98600), Color(rgb: 0xC0392B)]
        return t
    }()

    /// The built-in themes by the name `[theme] base` takes.
    public static let bases: [(name: String, theme: Theme)] = [("dark", .dark), ("light", .light)]

    /// Copies the theme's colours into a circular slider (MS-12, MS-15, MS-24, MS-27).
    public func apply(to slider: CircularSlider) {
        slider.track.filledColor = accent
        slider.track.unfilledColor = track
        slider.track.labelColor = text
        slider.track.markerColor = marker
        slider.handle.color = handle
    }

    /// Copies the theme's colours into a gradient slider, its colour list included (MS-86).
    public func apply(to slider: GradientCircularSlider) {
        apply(to: slider as CircularSlider)
        slider.gradientColors = gradient
    }

    /// Copies the theme's colours into a two-handle slider (MS-12, MS-74).
    public func apply(to slider: DoubleHandleCircularSlider) {
        slider.track.filledColor = accent
        slider.track.unfilledColor = track
        slider.track.labelColor = text
        slider.track.markerColor = marker
        slider.handle.color = handle
        slider.secondHandle.color = handle
    }

    /// Copies the theme's colours into an arc seeker (CS-4, CS-5).
    public func apply(to seeker: ArcSeeker) {
        seeker.seekBarColor = track
        seeker.thumbColor = seekerThumb
    }

    /// Copies the theme's colours into a spinner (RVS-16…18).
    public func apply(to spinner: Spinner) {
        spinner.tintColor = accent
        spinner.closedBackgroundColor = handle
        spinner.openBackgroundColor = popupBackground
    }
}
