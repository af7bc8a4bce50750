import Controls
import Core
import Raster

/// A contact sheet of every control in its main states (docs/controls.png; `thumbwheel render
/// --contact-sheet`). Each cell is a small screen rendered by its own `ScreenView`, so popups stay
/// inside their cell, then copied into the sheet under a caption.
public enum ContactSheet {
    /// Side of one cell in pixels, caption excluded.
    static let cell = 300
    static let caption = 26
    static let columns = 4

    /// One cell: controls, the time to render them at, a caption.
    struct Cell {
        var title: String
        var controls: [any TouchControl]
        var time: MonotonicTime = 1
    }

    /// Renders the sheet with `theme`, `faces` and the built-in icons.
    public static func render(theme: Theme = .dark, faces: TextFaces) -> Bitmap {
        let resources = Resources(theme: theme, images: ImageCatalog.builtin(), faces: faces)
        let cells = makeCells(theme)
        let rows = (cells.count + columns - 1) / columns
        let sheet = Bitmap(
            width: columns * cell, height: rows * (cell + caption), format: .xrgb8888, fill: Color(rgb: 0x161616))
        let canvas = sheet.canvas
        for (i, c) in cells.enumerated() {
            let x = (i % columns) * cell, y = (i / columns) * (cell + caption)
            let view = ScreenView(controls: c.controls, background: theme.background, resources: resources, scale: 1)
            view.time = c.time
            let image = Bitmap(width: cell - 4, height: cell - 4, format: .xrgb8888)
            view.render(into: image.canvas, full: true)
            canvas.drawImage(
                image,
                in: Rect(x: Double(x + 2), y: Double(y + caption), width: Double(cell - 4), height: Double(cell - 4)),
                filter: .nearest)
            if let face = resources.regularFace {
                canvas.drawText(
                    c.title, font: Font(face: face, size: 13), at: Point(Double(x + 8), Double(y + 18)),
                    paint: Paint(theme.text.withAlpha(0.85)))
            }
        }
        return sheet
    }

    static func makeCells(_ theme: Theme) -> [Cell] {
        let side = Rect(x: 0, y: 0, width: 240, height: 240)
        let at = Transform.translation(28, 28)
        func circular(_ configure: (CircularSlider) -> Void) -> CircularSlider {
            let s = CircularSlider(id: "c", bounds: side, transform: at)
            theme.apply(to: s)
            configure(s)
            return s
        }
        var cells: [Cell] = []
        cells.append(
            Cell(
                title: "Circular slider: labels, markers",
                controls: [
                    circular { s in
                        s.lineWidth = 10; s.labels = ["0", "25", "50", "75"]; s.markerCount = 12; s.currentValue = 40
                    }
                ]))
        let pressed = circular { s in
            s.lineWidth = 10; s.maximumAngle = 270; s.handle.type = .doubleCircle; s.handle.enlargementPoints = 20
            s.labels = ["min", "mid", "max"]; s.markerCount = 7;
            s.markerPath = [Point(0, -5), Point(4, 4), Point(-4, 4)]
            s.currentValue = 60
        }
        _ = pressed.touchBegan(at: pressed.drawnHandleCenter, time: 0)
        cells.append(Cell(title: "270° arc, double handle pressed", controls: [pressed]))
        cells.append(
            Cell(
                title: "Handle image (rotatable), image markers",
                controls: [
                    circular { s in
                        s.lineWidth = 8; s.maximumAngle = 180; s.handle.imageName = "arrow"; s.handle.rotatable = true
                        s.handle.enlargementPoints = 24; s.markerCount = 5; s.markerImageName = "star-mask";
                        s.currentValue = 35
                    }
                ]))
        let range = DoubleHandleCircularSlider(id: "r", bounds: side, transform: at)
        theme.apply(to: range)
        range.lineWidth = 12; range.secondHandle.type = .doubleCircle; range.secondHandle.enlargementPoints = 18
        range.labels = ["0", "6", "12", "18"]; range.angle = 300; range.secondAngle = 100
        cells.append(Cell(title: "Two handles (wrapped range)", controls: [range]))

        var gradients: [any TouchControl] = []
        for (i, v) in [15.0, 55, 95].enumerated() {
            let g = GradientCircularSlider(
                id: "g\(i)", bounds: Rect(x: 0, y: 0, width: 240 - Double(i) * 70, height: 240 - Double(i) * 70),
                transform: .translation(28 + Double(i) * 35, 28 + Double(i) * 35))
            theme.apply(to: g)
            g.lineWidth = 12; g.maximumAngle = 270; g.currentValue = v
            gradients.append(g)
        }
        cells.append(Cell(title: "Gradient slider: 15 / 55 / 95 %", controls: gradients))
        let seeker = ArcSeeker(id: "s", bounds: side, transform: at)
        theme.apply(to: seeker)
        seeker.startAngle = 120; seeker.endAngle = 60; seeker.currentAngle = 250
        let held = ArcSeeker(
            id: "h", bounds: Rect(x: 0, y: 0, width: 140, height: 140), transform: .translation(78, 78))
        theme.apply(to: held)
        held.startAngle = 150; held.endAngle = 30; held.currentAngle = 300
        _ = held.touchBegan(at: held.thumbFrame.center, time: 0)
        _ = held.advance(to: 1)
        cells.append(Cell(title: "Arc seeker (inner: thumb held)", controls: [seeker, held]))

        let items = ["sun", "moon", "drop", "leaf", "bolt", "star-mask", "heart-mask", "dot"].enumerated().map {
            SpinnerItem(
                iconName: $0.element, title: $0.element.split(separator: "-").first.map(String.init) ?? "",
                isEnabled: $0.offset != 2)
        }
        func spinner(
            _ frame: Rect, mode: SpinnerMode, selected: Int, open: Bool, configure: (Spinner) -> Void = { _ in }
        ) -> Spinner {
            let s = Spinner(
                id: "sp", items: items, selectedIndex: selected, mode: mode.rawValue, frame: frame,
                containerSize: Size(296, 296))
            theme.apply(to: s)
            configure(s)
            if open {
                s.setOpen(true, time: 0)
                var t = 0.0
                while s.advance(to: t), t < 3 { t += 1.0 / 60 }
            }
            return s
        }
        let closed = [
            spinner(Rect(x: 40, y: 118, width: 60, height: 60), mode: .spinnerOnly, selected: 0, open: false),
            spinner(Rect(x: 118, y: 118, width: 60, height: 60), mode: .spinnerOnly, selected: 1, open: false) {
                $0.hudMode = true
            },
            spinner(Rect(x: 196, y: 118, width: 60, height: 60), mode: .spinnerOnly, selected: 2, open: false),
        ]
        cells.append(Cell(title: "Spinner closed: framed, HUD, disabled", controls: closed, time: 3))
        cells.append(
            Cell(
                title: "Spinner open: prize wheel",
                controls: [
                    spinner(Rect(x: 118, y: 118, width: 60, height: 60), mode: .spinnerOnly, selected: 1, open: true)
                ], time: 3))
        cells.append(
            Cell(
                title: "Spinner open: picker list",
                controls: [
                    spinner(Rect(x: 118, y: 226, width: 60, height: 60), mode: .pickerOnly, selected: 3, open: true)
                ], time: 3))

        func valueSlider(_ y: Double, validator: NumberValidator? = nil) -> (ValueSlider, NumberPad, SliderPadHost) {
            let slider = ValueSlider(id: "v", size: Size(236, 44), transform: .translation(30, y))
            let pad = NumberPad(
                id: "p", anchor: Rect(x: 30, y: y + 22, width: 236, height: 22), screenSize: Size(296, 296),
                validator: validator)
            let host = SliderPadHost(slider: slider, pad: pad, initialNumber: 50)
            _ = slider.advance(to: 1)
            return (slider, pad, host)
        }
        let (rest, _, _) = valueSlider(220)
        let (dragged, _, _) = valueSlider(90)
        _ = dragged.touchBegan(at: dragged.thumbRect(at: 1).center, time: 1)
        cells.append(Cell(title: "Value slider: rest, pressed (balloon)", controls: [rest, dragged]))
        let validator = NumberValidator(minimum: 20, maximum: 100, decimals: 0)
        let (s1, pad1, host1) = valueSlider(240, validator: validator)
        pad1.open(currentNumber: host1.number)
        pad1.press(label: "C"); pad1.press(label: "1")
        s1.editOverlayText = pad1.text
        if let k = pad1.keys.first(where: { $0.key.label == "7" }) { _ = pad1.touchBegan(at: k.frame.center, time: 1) }
        cells.append(Cell(title: "Number pad: prefix (blue), 7 callout", controls: [s1, pad1]))
        let (s2, pad2, host2) = valueSlider(240, validator: validator)
        pad2.open(currentNumber: host2.number)
        pad2.press(label: "0")
        s2.editOverlayText = pad2.text
        if let c = pad2.keys.first(where: { $0.key.label == "C" }) { _ = pad2.touchBegan(at: c.frame.center, time: 1) }
        cells.append(Cell(title: "Number pad: invalid (red), C pressed", controls: [s2, pad2]))
        return cells
    }
}
