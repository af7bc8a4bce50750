import ConfigModel
import Controls
import Core

/// The roles the one-handle dials share: images, readout, a continuous number, the range rule.
protocol OneHandleDialKind: RegisteredKind {}

extension OneHandleDialKind {
    var imageKeys: [ImageKey] { CircularKeys.images }
    var templateKeys: [TemplateKey] { Readout.templateKeys }
    func valueStep(_ table: ConfigTable) -> Double? { ElementKeys.continuousStep(table) }
    func exposure(_ table: ConfigTable) -> ValueExposure { .number(keyedRange(table)) }

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        CircularKeys.check(table, valueKeys: ["value"], report: report)
    }
}

/// `circular-slider`: one handle on a circular track (MS).
struct CircularSliderKind: OneHandleDialKind {
    var name: String { "circular-slider" }
    var schema: Schema { CircularKeys.schema }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let slider = CircularSlider(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c))
        context.theme.apply(to: slider)
        return CircularSliderKind.bind(slider, c, context)
    }

    /// Applies the circular keys to `slider` and binds it (shared with the gradient kind).
    static func bind(_ slider: CircularSlider, _ c: ControlConfig, _ context: ElementContext) -> Element {
        slider.track = CircularKeys.track(c.properties, base: slider.track, context: context)
        slider.handle = CircularKeys.handle(c.properties, base: slider.handle, prefix: "", context: context)
        if let v = c.properties.int("max_revolutions") { slider.maximumRevolutions = v }
        if let v = c.properties.number("value") { slider.currentValue = v }
        slider.isHidden = c.hidden
        let readout = Readout.make(
            for: slider, c, context, own: { .number(slider.currentValue) },
            area: { CircularKeys.readoutArea(slider.geometry, slider.track, handles: [slider.handle]) })
        return Element(
            config: c, model: slider, decorations: readout,
            imageNames: [slider.handle.imageName, slider.track.markerImageName].compactMap { $0 },
            read: { .single(slider.currentValue) },
            write: { value, _ throws(Element.ValueError) in
                guard case .single(let v) = value else { throw Element.ValueError("expected a number") }
                slider.currentValue = v
            },
            describe: { _ in
                .of(
                    slider,
                    points: [
                        ("center", slider.geometry.drawn(slider.geometry.center)),
                        ("handle", slider.drawnHandleCenter),
                    ])
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? CircularSlider).map(CircularSliderWidget.init)
    }
}

/// `gradient-slider`: a circular slider whose filled arc runs through colours (MS-86).
struct GradientSliderKind: OneHandleDialKind {
    var name: String { "gradient-slider" }
    var schema: Schema { CircularKeys.gradientSchema }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let slider = GradientCircularSlider(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c))
        context.theme.apply(to: slider)
        if let colors = c.properties.colors("gradient_colors") { slider.gradientColors = colors }
        return CircularSliderKind.bind(slider, c, context)
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? GradientCircularSlider).map(CircularSliderWidget.init)
    }
}

/// `range-slider`: two handles with a minimum distance, dragged by one or two fingers (MS-70…80).
struct RangeSliderKind: RegisteredKind {
    var name: String { "range-slider" }
    var schema: Schema { CircularKeys.rangeSchema }
    var imageKeys: [ImageKey] { CircularKeys.images + [ImageKey("second_handle_image")] }
    var templateKeys: [TemplateKey] { Readout.templateKeys }
    func valueStep(_ table: ConfigTable) -> Double? { ElementKeys.continuousStep(table) }
    var valueShape: ValueShape { .pair }
    func exposure(_ table: ConfigTable) -> ValueExposure { .pair(keyedRange(table), low: "low", high: "high") }

    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        CircularKeys.check(table, valueKeys: ["value", "second_value"], report: report)
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let slider = DoubleHandleCircularSlider(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c))
        context.theme.apply(to: slider)
        slider.track = CircularKeys.track(p, base: slider.track, context: context)
        slider.handle = CircularKeys.handle(p, base: slider.handle, prefix: "", context: context)
        slider.secondHandle = CircularKeys.handle(p, base: slider.secondHandle, prefix: "second_", context: context)
        if let v = p.number("min_distance") { slider.minimumHandlesDistance = v }
        if let v = p.number("value") { slider.currentValue = v }
        if let v = p.number("second_value") { slider.secondCurrentValue = v }
        slider.isHidden = c.hidden
        let images = [slider.handle.imageName, slider.secondHandle.imageName, slider.track.markerImageName]
        let readout = Readout.make(
            for: slider, c, context, own: { .pair(slider.currentValue, slider.secondCurrentValue) },
            area: {
                CircularKeys.readoutArea(
                    slider.geometry, slider.track,
                    handles: [slider.handle, slider.secondHandle])
            })
        return Element(
            config: c, model: slider, decorations: readout, imageNames: images.compactMap { $0 },
            read: { .pair(slider.currentValue, slider.secondCurrentValue) },
            write: { value, _ throws(Element.ValueError) in
                guard case .pair(let a, let b) = value else { throw Element.ValueError("expected [first, second]") }
                slider.currentValue = a
                slider.secondCurrentValue = b
            },
            describe: { _ in
                .of(
                    slider,
                    points: [
                        ("center", slider.geometry.drawn(slider.geometry.center)),
                        ("handle", slider.drawnFirstHandleCenter),
                        ("second_handle", slider.drawnSecondHandleCenter),
                    ])
            })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? DoubleHandleCircularSlider).map(CircularSliderWidget.init)
    }
}
