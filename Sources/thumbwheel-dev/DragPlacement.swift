import ConfigLoading
import CLinux
import Core
import Input
import Kiosk

/// Moves a recorded drag onto a control of a panel, so that every move of it changes the picture
/// (a drag over a label would measure nothing): the recording keeps its shape and pace, and its
/// touch-down lands on the first handle or thumb of the home screen, else on the first control
/// that holds a value.
enum DragPlacement {
    /// Where the drag should start on `config`'s home screen at `canvas`, and which control that is.
    static func target(_ config: KioskConfig, canvas: PixelSize) -> (id: String, point: Point)? {
        let scale = PanelScale.of(config: config.display, canvasSize: canvas, physicalMM: nil)
        let screen = KioskScreen(config: config, index: config.homeIndex, canvasSize: canvas, scale: scale, time: 0)
        let described = screen.elements.map { ($0, $0.describe(time: 0)) }
        if let (e, d) = described.first(where: { $0.1.points.contains { ["handle", "thumb"].contains($0.name) } }),
            let p = d.points.first(where: { ["handle", "thumb"].contains($0.name) })
        {
            return (e.id, p.point)
        }
        if let (e, d) = described.first(where: { $0.0.value != nil }) {
            return (e.id, Point(d.frame.midX, d.frame.midY))
        }
        return nil
    }

    /// `events` shifted (in device units) so that the first touch position maps to `point` on a
    /// `canvas` spanning the device's axes; positions stay inside the axes' ranges.
    static func shift(
        _ events: [InputEvent], caps: DeviceCapabilities, canvas: PixelSize, to point: Point
    ) -> [InputEvent] {
        let xCodes: Set<UInt16> = [UInt16(ABS_X), UInt16(ABS_MT_POSITION_X)]
        let yCodes: Set<UInt16> = [UInt16(ABS_Y), UInt16(ABS_MT_POSITION_Y)]
        let abs = UInt16(EV_ABS)
        guard let firstX = events.first(where: { $0.type == abs && xCodes.contains($0.code) })?.value,
            let firstY = events.first(where: { $0.type == abs && yCodes.contains($0.code) })?.value,
            let xAxis = caps.axes[UInt16(ABS_MT_POSITION_X)] ?? caps.axes[UInt16(ABS_X)],
            let yAxis = caps.axes[UInt16(ABS_MT_POSITION_Y)] ?? caps.axes[UInt16(ABS_Y)]
        else { return events }
        func deviceUnits(_ v: Double, _ axis: AxisInfo, _ pixels: Int) -> Int32 {
            Int32(Double(axis.minimum) + v / Double(pixels) * Double(axis.maximum - axis.minimum))
        }
        let dx = deviceUnits(point.x, xAxis, canvas.width) - firstX
        let dy = deviceUnits(point.y, yAxis, canvas.height) - firstY
        return events.map { e in
            var e = e
            if e.type == abs && xCodes.contains(e.code) {
                e.value = min(xAxis.maximum, max(xAxis.minimum, e.value + dx))
            }
            if e.type == abs && yCodes.contains(e.code) {
                e.value = min(yAxis.maximum, max(yAxis.minimum, e.value + dy))
            }
            return e
        }
    }
}
