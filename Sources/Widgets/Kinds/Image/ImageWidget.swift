import Controls
import Core
import Raster

/// Draws an image element: the catalogue's bitmap placed by the element's fit. An image missing from
/// the catalogue draws nothing (the loader has already reported an unreadable file).
final class ImageWidget: Widget {
    let model: ImageModel
    var control: any TouchControl { model }
    private var damage = StillDamage()

    init(_ model: ImageModel) { self.model = model }

    private var box: Rect { DamageBox.of(model.bounds, model.transform) }

    func baseBounds(at time: MonotonicTime) -> Rect { model.isHidden ? .zero : box }

    func collectDamage(at time: MonotonicTime) -> [Rect] { damage.collect(box: box, hidden: model.isHidden) }

    func drawBase(_ painter: LocalPainter, at time: MonotonicTime) {
        guard !model.isHidden else { return }
        // An icon of the icon font is square: every fit shows all of it, as large as the frame allows.
        if model.imageName.hasPrefix(IconNames.prefix) {
            return painter.drawIcon(model.imageName, fittedIn: model.bounds, tint: model.tint)
        }
        guard let entry = painter.resources.images[model.imageName] else { return }
        let bitmap = entry.bitmap
        let (source, destination) = model.fit.placement(
            of: Size(Double(bitmap.width), Double(bitmap.height)), in: model.bounds)
        // A template without its own tint takes the theme's text colour, as icons elsewhere do.
        let tint = model.tint ?? (entry.isTemplate ? painter.resources.theme.text : nil)
        painter.drawImage(bitmap, source: source, in: destination, tint: tint)
    }
}
