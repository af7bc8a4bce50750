import ConfigModel
import Core
import Formats
import Widgets

/// Where one element of a loaded config ended up, with what the warnings about it need.
public struct ElementPlace: Sendable, Hashable {
    public var screen: Int
    public var id: String
    /// In points, as the kiosk uses it (a card's layout applied).
    public var frame: Rect
    /// Whether its kind takes touches and it is shown.
    public var touchable: Bool
    /// Whether a card placed it (its frame is the card's doing, so warnings point at `in`).
    var laidOut: Bool
    /// The key path and place a warning about its frame points at.
    var key: String
    var location: SourceLocation
}

/// How many pixels a point and a millimetre take on the panel, and where each figure came from, so a
/// size warning says what it assumed.
public struct PanelDensity: Equatable {
    var pixelsPerPoint: Double
    /// "from display.scale", …
    var pointSource: String
    /// Pixels per millimetre of the panel when known apart from the scale; nil when the scale is all we
    /// know (a point is then `Scale.millimetresPerPoint`, by definition of the scale).
    var pixelsPerMM: Double?
    var mmSource: String?

    /// The length of `points` on the panel.
    public func millimetres(_ points: Double) -> Double {
        guard let pixelsPerMM, pixelsPerMM > 0 else { return points * Scale.millimetresPerPoint }
        return points * pixelsPerPoint / pixelsPerMM
    }

    var description: String {
        let perPoint =
            "at \(Self.number(pixelsPerPoint, places: 2)) pixel\(pixelsPerPoint == 1 ? "" : "s") per point \(pointSource)"
        guard let pixelsPerMM, let mmSource else { return perPoint }
        return perPoint + ", on \(Self.number(pixelsPerMM, places: 2)) pixels per mm \(mmSource)"
    }

    /// What `check-config` knows: `display.scale`, else `width_mm`/`height_mm` over the headless
    /// `size`, else 1 pixel per point (the scale the kiosk falls back to).
    public static func configured(_ d: DisplayConfig) -> PanelDensity {
        let size = d.headlessSize
        if let w = d.widthMM, let h = d.heightMM, w > 0, h > 0 {
            let panel = "from display.width_mm \(Self.number(w, places: 1)) over display.size \(size)"
            let perMM = Double(size.width) / w
            if let s = d.scale {
                return PanelDensity(
                    pixelsPerPoint: s, pointSource: "from display.scale", pixelsPerMM: perMM, mmSource: panel)
            }
            if d.givenSize != nil {
                return PanelDensity(
                    pixelsPerPoint: PanelScale.of(config: d, canvasSize: size, physicalMM: nil),
                    pointSource: "from display.size", pixelsPerMM: perMM, mmSource: panel)
            }
            return PanelDensity(
                pixelsPerPoint: PanelScale.of(config: d, canvasSize: size, physicalMM: nil), pointSource: panel)
        }
        if let s = d.scale { return PanelDensity(pixelsPerPoint: s, pointSource: "from display.scale") }
        return PanelDensity(
            pixelsPerPoint: 1,
            pointSource: "by default, as neither display.scale nor display.width_mm and height_mm is set")
    }

    /// What the running kiosk knows from the connector: its physical size over the canvas, beside the
    /// scale the kiosk uses; nil when the connector reports no size.
    public static func connector(_ d: DisplayConfig, canvas: PixelSize, physicalMM: PixelSize?) -> PanelDensity? {
        guard let mm = physicalMM, mm.width > 0, mm.height > 0, canvas.width > 0 else { return nil }
        let scale = PanelScale.of(config: d, canvasSize: canvas, physicalMM: mm)
        let panel = "from the connector's \(mm.width) x \(mm.height) mm over \(canvas) pixels"
        if d.scale != nil {
            return PanelDensity(
                pixelsPerPoint: scale, pointSource: "from display.scale",
                pixelsPerMM: Double(canvas.width) / Double(mm.width), mmSource: panel)
        }
        if let size = d.givenSize {
            return PanelDensity(
                pixelsPerPoint: scale, pointSource: "from display.size \(size) over \(canvas) pixels",
                pixelsPerMM: Double(canvas.width) / Double(mm.width), mmSource: panel)
        }
        if let w = d.widthMM, let h = d.heightMM, w > 0, h > 0 {
            return PanelDensity(
                pixelsPerPoint: scale,
                pointSource: "from display.width_mm \(Self.number(w, places: 1)) over \(canvas) pixels",
                pixelsPerMM: Double(canvas.width) / Double(mm.width), mmSource: panel)
        }
        return PanelDensity(pixelsPerPoint: scale, pointSource: panel)
    }

    /// `v` rounded to `places` decimals, without trailing zeros.
    static func number(_ v: Double, places: Int) -> String {
        var f = 1.0
        for _ in 0..<places { f *= 10 }
        return NumberFormat.plain((v * f).rounded() / f)
    }
}

/// The warnings of a valid config: what it allows but an integrator walking up to the panel would not
/// want. Pure: the places and the panel's figures go in, located warnings come out.
enum ConfigWarnings {
    /// Every touchable element smaller than a finger (`Scale.minimumHitMillimetres`) either way.
    static func tooSmall(_ places: [ElementPlace], density: PanelDensity, file: String) -> [ConfigWarning] {
        places.filter(\.touchable).compactMap { p in
            let w = density.millimetres(p.frame.width), h = density.millimetres(p.frame.height)
            guard min(w, h) < Scale.minimumHitMillimetres else { return nil }
            let mm = "\(PanelDensity.number(w, places: 1)) x \(PanelDensity.number(h, places: 1)) mm"
            return warning(
                p, file,
                "expected at least \(Schema.format(Scale.minimumHitMillimetres)) mm each way for a finger, found \(mm) (\(points(p.frame)) points \(density.description))"
            )
        }
    }

    /// Touchable elements of one screen whose frames intersect: a touch there reaches only the one drawn
    /// above. Reported on the later one in the file. Cards and images take no touches, so elements on
    /// and in cards never count.
    static func overlaps(_ places: [ElementPlace], file: String) -> [ConfigWarning] {
        let touchable = places.filter(\.touchable).sorted { $0.location < $1.location }
        var out: [ConfigWarning] = []
        for (j, later) in touchable.enumerated() {
            for earlier in touchable[..<j] where earlier.screen == later.screen {
                let common = earlier.frame.intersection(later.frame)
                guard !common.isEmpty else { continue }
                out.append(
                    warning(
                        later, file,
                        "expected a frame clear of other touchable elements, found it covers \(points(common)) points of \"\(earlier.id)\" (line \(earlier.location.line))"
                    ))
            }
        }
        return out
    }

    /// Elements not wholly on a screen of `screen` points (the canvas at the scale). Elements a card
    /// places are left out: the card's own warning covers them.
    static func offScreen(_ places: [ElementPlace], screen: Size, canvas: String, file: String) -> [ConfigWarning] {
        let bounds = Rect(x: 0, y: 0, width: screen.width, height: screen.height)
        return places.filter { !$0.laidOut }.compactMap { p in
            guard p.frame.union(bounds) != bounds else { return nil }
            let how = p.frame.intersection(bounds).isEmpty ? "wholly" : "partly"
            let f = p.frame
            let written = [f.minX, f.minY, f.width, f.height].map { PanelDensity.number($0, places: 1) }.joined(
                separator: ", ")
            return warning(
                p, file,
                "expected a frame within the screen's \(points(bounds)) points (\(canvas)), found [\(written)], \(how) off the screen"
            )
        }
    }

    /// Elements inside the band `[navigation] bar` takes along the top or bottom of every screen: the bar
    /// is drawn over them and takes their touches, so they are as good as hidden.
    static func underNavigationBar(
        _ places: [ElementPlace], bar: NavigationConfig.Bar, screen: Size, file: String
    ) -> [ConfigWarning] {
        let h = NavBarKind.height
        let band: Rect
        switch bar {
        case .none: return []
        case .top: band = Rect(x: 0, y: 0, width: screen.width, height: h)
        case .bottom: band = Rect(x: 0, y: screen.height - h, width: screen.width, height: h)
        }
        let edge = bar == .top ? "top" : "bottom"
        let span = "y \(PanelDensity.number(band.minY, places: 1)) to \(PanelDensity.number(band.maxY, places: 1))"
        return places.compactMap { p in
            let common = p.frame.intersection(band)
            guard !common.isEmpty else { return nil }
            let how = common == p.frame ? "wholly" : "\(points(common)) points of it"
            return warning(
                p, file,
                "expected \"\(p.id)\" clear of the navigation bar's \(Schema.format(h))-point band along the \(edge) (\(span), `[navigation] bar = \"\(edge)\"`), found it under the bar, \(how), where the bar hides it and takes its touches"
            )
        }
    }

    private static func points(_ r: Rect) -> String {
        "\(PanelDensity.number(r.width, places: 1)) x \(PanelDensity.number(r.height, places: 1))"
    }

    private static func warning(_ p: ElementPlace, _ file: String, _ message: String) -> ConfigWarning {
        ConfigWarning(file: file, location: p.location, key: p.key, message: message)
    }
}
