import Controls
import Core
import Widgets

/// Builds control models from the config: each key of a `[[screens.controls]]` table is applied to
/// the model's property of the same meaning; keys left out keep the control's own (spec) defaults.
public struct ControlFactory {
    /// Logical points → pixels.
    public var scale: Double
    /// The folder of the config file; image paths are relative to it.
    public var configDirectory: String
    /// The screen's size in logical points (popups are placed within it).
    public var screenSize: Size
    public var theme: Theme

    public init(scale: Double, configDirectory: String, screenSize: Size, theme: Theme) {
        self.scale = scale; self.configDirectory = configDirectory; self.screenSize = screenSize; self.theme = theme
    }

    /// Local points → screen pixels: rotate about the frame's centre, move to the frame, scale.
    public func transform(for c: ControlConfig) -> Transform {
        let local = Rect(x: 0, y: 0, width: c.frame.width, height: c.frame.height)
        return Transform.rotation(.degrees(c.rotation), about: local.center)
            .then(.translation(c.frame.minX, c.frame.minY))
            .then(.scale(scale, scale))
    }

    /// An image path from the config, made absolute; `builtin:NAME` names one of Widgets' built-in icons.
    public func imagePath(_ relative: String) -> String {
        if relative.hasPrefix("builtin:") { return String(relative.dropFirst("builtin:".count)) }
        return relative.hasPrefix("/") ? relative : configDirectory + "/" + relative
    }

    /// The model and binding for one control, or nil for a kind this build cannot make yet.
    public func make(_ c: ControlConfig, time: MonotonicTime) -> ControlBinding? {
        switch c.kind {
        case "circular-slider", "gradient-slider": return circularSlider(c)
        case "range-slider": return rangeSlider(c)
        case "arc-seeker": return arcSeeker(c)
        case "spinner": return spinner(c, time: time)
        case "value-slider": return valueSlider(c, time: time)
        default: return nil
        }
    }

    /// The control's own rectangle in local points.
    func localBounds(_ c: ControlConfig) -> Rect { Rect(x: 0, y: 0, width: c.frame.width, height: c.frame.height) }

    func circularSlider(_ c: ControlConfig) -> ControlBinding {
        let slider: CircularSlider
        if c.kind == "gradient-slider" {
            let g = GradientCircularSlider(id: c.id, bounds: localBounds(c), transform: transform(for: c))
            theme.apply(to: g)
            if let colors = c.properties.colors("gradient_colors") { g.gradientColors = colors }
            slider = g
        } else {
            slider = CircularSlider(id: c.id, bounds: localBounds(c), transform: transform(for: c))
            theme.apply(to: slider)
        }
        slider.track = circularTrack(c.properties, base: slider.track)
        slider.handle = handleStyle(c.properties, base: slider.handle, prefix: "")
        if let v = c.properties.int("max_revolutions") { slider.maximumRevolutions = v }
        if let v = c.properties.number("value") { slider.currentValue = v }
        _ = slider.drainEvents()  // set-up is not a change anyone should hear about
        slider.isHidden = c.hidden
        return ControlBinding(config: c, model: slider, read: { .single(slider.currentValue) }) { value, _ throws(ControlBinding.ValueError) in
            guard case .single(let v) = value else { throw ControlBinding.ValueError("expected a number") }
            slider.currentValue = v
        }
    }

    func rangeSlider(_ c: ControlConfig) -> ControlBinding {
        let p = c.properties
        let slider = DoubleHandleCircularSlider(id: c.id, bounds: localBounds(c), transform: transform(for: c))
        theme.apply(to: slider)
        slider.track = circularTrack(p, base: slider.track)
        slider.handle = handleStyle(p, base: slider.handle, prefix: "")
        slider.secondHandle = handleStyle(p, base: slider.secondHandle, prefix: "second_")
        if let v = p.number("min_distance") { slider.minimumHandlesDistance = v }
        if let v = p.number("value") { slider.currentValue = v }
        if let v = p.number("second_value") { slider.secondCurrentValue = v }
        _ = slider.drainEvents()
        slider.isHidden = c.hidden
        return ControlBinding(config: c, model: slider, read: { .pair(slider.currentValue, slider.secondCurrentValue) }) { value, _ throws(ControlBinding.ValueError) in
            guard case .pair(let a, let b) = value else { throw ControlBinding.ValueError("expected [first, second]") }
            slider.currentValue = a
            slider.secondCurrentValue = b
        }
    }

    func arcSeeker(_ c: ControlConfig) -> ControlBinding {
        let p = c.properties
        let seeker = ArcSeeker(id: c.id, bounds: localBounds(c), transform: transform(for: c))
        theme.apply(to: seeker)
        if let v = p.number("start_angle") { seeker.startAngle = v }
        if let v = p.number("end_angle") { seeker.endAngle = v }
        if let v = p.number("value") { seeker.currentAngle = ControlFactory.clampToArc(v, seeker) }
        if let v = p.color("bar_color") { seeker.seekBarColor = v }
        if let v = p.color("thumb_color") { seeker.thumbColor = v }
        seeker.isHidden = c.hidden
        _ = seeker.drainEvents()
        return ControlBinding(config: c, model: seeker, read: { .single(seeker.currentAngle) }) { value, _ throws(ControlBinding.ValueError) in
            guard case .single(let v) = value else { throw ControlBinding.ValueError("expected an angle in degrees") }
            seeker.currentAngle = ControlFactory.clampToArc(v, seeker)
        }
    }

    /// An angle on the seeker's arc: itself when on the arc, else the nearer end (circular distance,
    /// the port side of CS-14); setting a seeker angle sends no event in the original (CS-3).
    static func clampToArc(_ degrees: Double, _ seeker: ArcSeeker) -> Double {
        let a = Angle.wrap(degrees, period: 360)
        return seeker.isOnArc(a) ? a : seeker.closestEnd(to: a)
    }

    /// The keys every slider of the circular family shares (MS-4…30).
    func circularTrack(_ p: ConfigTable, base: CircularTrack) -> CircularTrack {
        var track = base
        track.minimumTouchSide = Scale.minimumHitPoints  // a thumb-sized (9 mm) area around every handle
        if let v = p.number("min") { track.minimumValue = v }
        if let v = p.number("max") { track.maximumValue = v }
        if let v = p.number("max_angle") { track.maximumAngle = v }
        if let v = p.number("rotation_angle") { track.rotationAngle = v }
        if let v = p.number("padding") { track.sliderPadding = v }
        if let v = p.int("line_width") { track.lineWidth = v }
        if let v = p.color("filled_color") { track.filledColor = v }
        if let v = p.color("unfilled_color") { track.unfilledColor = v }
        if let v = p.string("filled_cap") { track.filledLineCap = ControlFactory.cap(v) }
        if let v = p.string("unfilled_cap") { track.unfilledLineCap = ControlFactory.cap(v) }
        if let v = p.strings("labels") { track.labels = v }
        if let v = p.bool("snap_to_labels") { track.snapToLabels = v }
        if let v = p.color("label_color") { track.labelColor = v }
        if let v = p.number("label_size") { track.labelFontSize = v }
        if let v = p.number("label_offset") { track.labelOffset = v }
        if let v = p.int("marker_count") { track.markerCount = v }
        if let v = p.color("marker_color") { track.markerColor = v }
        if let v = p.string("marker_image") { track.markerImageName = imagePath(v) }
        if let v = p.bool("snap_to_markers") { track.snapToMarkers = v }
        return track
    }

    /// A handle's look from `handle_*` keys (or `second_handle_*` with `prefix` "second_").
    func handleStyle(_ p: ConfigTable, base: HandleStyle, prefix: String) -> HandleStyle {
        var handle = base
        if let v = p.color(prefix + "handle_color") { handle.color = v }
        if let v = p.string(prefix + "handle_type") { handle.type = ControlFactory.handleType(v) }
        if let v = p.int(prefix + "handle_enlargement") { handle.enlargementPoints = v }
        if let v = p.bool(prefix + "handle_highlightable") { handle.highlightable = v }
        if let v = p.string(prefix + "handle_image") { handle.imageName = imagePath(v) }
        if let v = p.bool(prefix + "handle_rotatable") { handle.rotatable = v }
        return handle
    }

    func valueSlider(_ c: ControlConfig, time: MonotonicTime) -> ControlBinding {
        let p = c.properties
        let slider = ValueSlider(id: c.id, size: Size(c.frame.width, c.frame.height), transform: transform(for: c))
        let separator = p.string("decimal_separator") ?? "."
        // The pad lives in screen points (an overlay over the whole screen), anchored on the slider.
        let pad = NumberPad(id: c.id + "/pad", anchor: c.frame, screenSize: screenSize, transform: .scale(scale, scale),
                            keyStrings: NumberPadKeyStrings(decimal: separator))
        let minimum = p.number("min") ?? 0, maximum = p.number("max") ?? 100
        let host = RangeValueHost(slider: slider, pad: pad, minimum: minimum, maximum: maximum,
                                  decimals: p.int("decimals") ?? 0, initial: p.number("value") ?? minimum, time: time)
        let usesPad = p.bool("pad") ?? true
        return ControlBinding(config: c, model: slider, overlays: usesPad ? [pad] : [],
                              drain: { now in host.process(slider: slider.drainEvents(), pad: pad.drainEvents(), time: now) },
                              read: { .single(host.value) }) { value, time throws(ControlBinding.ValueError) in
            guard case .single(let v) = value else { throw ControlBinding.ValueError("expected a number") }
            host.set(v, animated: false, time: time)
        }
    }

    func spinner(_ c: ControlConfig, time: MonotonicTime) -> ControlBinding {
        let p = c.properties
        let items = p.tables("items").map { t in
            SpinnerItem(iconName: imagePath(t.string("icon") ?? ""), title: t.string("title") ?? "",
                        description: t.string("description"), value: t.string("value"), isEnabled: t.bool("enabled") ?? true)
        }
        let mode: SpinnerMode = switch p.string("mode") { case "spinner": .spinnerOnly; case "picker": .pickerOnly; default: .both }
        let spinner = Spinner(id: c.id, items: items, selectedIndex: p.int("value") ?? 0, mode: mode.rawValue,
                              threshold: p.int("threshold") ?? 15, frame: c.frame, containerSize: screenSize,
                              containerTransform: .scale(scale, scale))
        if let v = p.bool("sound") { spinner.isSoundOn = v }
        if let v = p.bool("haptics") { spinner.isHapticsOn = v }
        if let v = p.string("center_image") { spinner.centerImageName = imagePath(v) }
        if let v = p.bool("replace_center_image") { spinner.replaceCenterImage = v }
        if let v = p.bool("hud") { spinner.hudMode = v }
        theme.apply(to: spinner)
        if let v = p.color("open_background") { spinner.openBackgroundColor = v }
        if let v = p.color("closed_background") { spinner.closedBackgroundColor = v }
        if let v = p.color("tint") { spinner.tintColor = v }
        _ = spinner.drainEvents()
        return ControlBinding(config: c, model: spinner, read: { .single(Double(spinner.selectedIndex)) }) { value, time throws(ControlBinding.ValueError) in
            guard case .single(let v) = value, v == v.rounded() else { throw ControlBinding.ValueError("expected an item index") }
            guard !spinner.items.isEmpty, v >= 0, Int(v) < spinner.items.count else {
                throw ControlBinding.ValueError("expected an item index from 0 to \(spinner.items.count - 1)")
            }
            spinner.select(Int(v), time: time)
        }
    }

    static func cap(_ name: String) -> ArcLineCap {
        switch name { case "butt": .butt; case "square": .square; default: .round }
    }

    static func handleType(_ name: String) -> CircularHandleType {
        switch name {
        case "small-circle": .smallCircle
        case "medium-circle": .mediumCircle
        case "double-circle": .doubleCircle
        default: .largeCircle
        }
    }
}
