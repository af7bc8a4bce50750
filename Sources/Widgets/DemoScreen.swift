import Controls
import Core
import Raster

/// The engine demo: the control families of Config/demo.toml's "main" page (800x480), built in code for the benchmark and the
/// contact sheet: a 270° thermostat dial, a two-handle range, an arc seeker, a value slider and a
/// spinner. Positions are the config's frames in points; `scale` maps them to pixels.
public struct DemoScreen {
    /// The 270° thermostat dial (10…30, labels, 21 markers).
    public let temperature: CircularSlider
    /// Opening hours as a two-handle range (0…24).
    public let hours: DoubleHandleCircularSlider
    /// A media seek arc from 150° to 30°.
    public let seek: ArcSeeker
    /// A volume slider (the number pad is not part of the benchmark screen).
    public let volume: ValueSlider
    /// The source spinner, closed, five built-in icons.
    public let source: Spinner
    /// Back to front.
    public var controls: [any TouchControl] { [temperature, hours, seek, volume, source] }

    /// Builds the screen with `theme`'s colours at `scale` pixels per point.
    public init(theme: Theme = .dark, scale: Double = 1) {
        func place(_ x: Double, _ y: Double) -> Transform { Transform.translation(x, y).then(.scale(scale, scale)) }
        temperature = CircularSlider(
            id: "temperature", bounds: Rect(x: 0, y: 0, width: 240, height: 240), transform: place(20, 40))
        theme.apply(to: temperature)
        temperature.track.minimumValue = 10; temperature.track.maximumValue = 30
        temperature.maximumAngle = 270; temperature.lineWidth = 14; temperature.sliderPadding = 40
        temperature.labels = ["10", "15", "20", "25", "30"]; temperature.labelOffset = 26
        temperature.markerCount = 21; temperature.track.filledColor = Color(rgb: 0xE0883A)
        temperature.currentValue = 21

        hours = DoubleHandleCircularSlider(
            id: "hours", bounds: Rect(x: 0, y: 0, width: 240, height: 240), transform: place(280, 40))
        theme.apply(to: hours)
        hours.track.minimumValue = 0; hours.track.maximumValue = 24; hours.lineWidth = 12
        hours.currentValue = 8; hours.secondCurrentValue = 18

        seek = ArcSeeker(id: "seek", bounds: Rect(x: 0, y: 0, width: 240, height: 240), transform: place(540, 40))
        theme.apply(to: seek)
        seek.startAngle = 150; seek.endAngle = 30; seek.currentAngle = 250

        volume = ValueSlider(id: "volume", size: Size(460, 100), transform: place(40, 340))
        // The thumb holds the number, as the kiosk's does; the name sits above the track.
        volume.setPosition(0.35, title: "35", animated: false, time: 0)
        volume.caption = "Volume"
        _ = volume.drainEvents()

        let names = ["sun", "moon", "drop", "leaf", "bolt"]
        let items = names.enumerated().map {
            SpinnerItem(iconName: $0.element, title: $0.element, isEnabled: $0.offset != 4)
        }
        source = Spinner(
            id: "source", items: items, selectedIndex: 1, mode: SpinnerMode.spinnerOnly.rawValue,
            frame: Rect(x: 620, y: 350, width: 80, height: 80), containerSize: Size(800, 480),
            containerTransform: .scale(scale, scale))
        theme.apply(to: source)
    }
}
