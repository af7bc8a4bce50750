import Controls
import Core
import Raster

/// Draws a QR code: the light square of the symbol and its quiet zone, then the dark modules, each
/// module a whole number of device pixels on whole-pixel edges, so no module is blurred by
/// anti-aliasing and a camera reads it at any size. Damages its frame only when the text changes.
final class QRCodeWidget: InPlaceLook {
    let model: QRCodeModel
    var control: any TouchControl { model }
    var damage = SnapshotDamage<Snapshot>()

    init(_ model: QRCodeModel) { self.model = model }

    struct Snapshot: FramedSnapshot {
        var transform: Transform, bounds: Rect, hidden: Bool, text: String
    }

    func snapshot(at time: MonotonicTime) -> Snapshot {
        Snapshot(transform: model.transform, bounds: model.bounds, hidden: model.isHidden, text: model.text(at: time))
    }

    /// Where the symbol goes in the device box `frame`: its top-left corner on whole pixels and the
    /// pixels per module (at least one), for a symbol of `modules` per side with its quiet zone.
    static func placement(modules: Int, in frame: Rect) -> (x: Double, y: Double, pixels: Double) {
        let side = min(frame.width, frame.height)
        let pixels = max(1, (side / Double(modules)).rounded(.down))
        let span = pixels * Double(modules)
        return ((frame.midX - span / 2).rounded(.down), (frame.midY - span / 2).rounded(.down), pixels)
    }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard let s = shown(at: time) else { return }
        guard let symbol = model.symbol(for: s.text) else {
            if !s.text.isEmpty { drawTooLong(painter, in: s.bounds) }
            return
        }
        let quiet = model.quietZone
        let modules = symbol.size + 2 * quiet
        if painter.isUpright {
            let frame = painter.transform.boundingBox(of: s.bounds)
            let (x0, y0, px) = Self.placement(modules: modules, in: frame)
            fill(symbol, quiet: quiet, origin: Point(x0, y0), module: px, modules: modules) {
                painter.canvas.fillRect($0, color: $1)
            }
        } else {
            // A turned code cannot sit on the pixel grid: it is drawn in local points, its edges smoothed.
            let side = min(s.bounds.width, s.bounds.height)
            let module = side / Double(modules)
            let origin = Point(s.bounds.midX - side / 2, s.bounds.midY - side / 2)
            fill(symbol, quiet: quiet, origin: origin, module: module, modules: modules) {
                painter.fill(Path.roundedRect($0, radius: 0), paint: Paint($1))
            }
        }
    }

    /// In place of a code its text cannot fit: the light square with the reason in the dark colour, so
    /// the element does not just vanish.
    private func drawTooLong(_ painter: LocalPainter, in bounds: Rect) {
        painter.fillRoundedRect(bounds, radius: 0, paint: Paint(model.light))
        let size = max(6, min(14, bounds.height / 5))
        for (i, line) in ["Too long for", "a QR code"].enumerated() {
            painter.drawText(
                line, size: size, bold: true,
                centeredAt: Point(bounds.midX, bounds.midY + (Double(i) - 0.5) * size * 1.3), color: model.dark)
        }
    }

    /// The light square, then each row's runs of dark modules as one rectangle each.
    private func fill(
        _ symbol: QRSymbol, quiet: Int, origin: Point, module: Double, modules: Int,
        _ rect: (Rect, Color) -> Void
    ) {
        let span = module * Double(modules)
        rect(Rect(x: origin.x, y: origin.y, width: span, height: span), model.light)
        for row in 0..<symbol.size {
            var column = 0
            while column < symbol.size {
                guard symbol.isDark(x: column, y: row) else { column += 1; continue }
                let start = column
                while column < symbol.size, symbol.isDark(x: column, y: row) { column += 1 }
                rect(
                    Rect(
                        x: origin.x + Double(quiet + start) * module, y: origin.y + Double(quiet + row) * module,
                        width: Double(column - start) * module, height: module), model.dark)
            }
        }
    }
}
