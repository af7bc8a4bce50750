import ConfigModel
import Controls
import Core

/// `image`: a PNG file or built-in icon scaled to its frame. It takes no touches and holds no value;
/// the loader checks its `image` key like every image key (readable file or known `builtin:` name).
struct ImageKind: RegisteredKind {
    var name: String { "image" }
    var schema: Schema { ImageKind.keys }
    var imageKeys: [ImageKey] { [ImageKey("image"), IconWhen.imageKey] }
    var takesTouches: Bool { false }
    var valueShape: ValueShape { .nothing }

    static let keys = ElementKeys.common.adding([
        Field(
            "image", .string, required: true,
            "A PNG file (relative to the config), \"builtin:NAME\" or \"mdi:NAME\" (an icon of the [icons] font, as large as the frame's shorter side)."
        ),
        Field(
            "fit", .choice(ImageFit.allCases.map(\.rawValue)), default: "\"contain\"",
            "contain: the whole image, centred; cover: fills the frame, centred, the overflow cut off; fill: stretched to the frame."
        ),
        Field(
            "tint", .color, default: "none (built-in -mask and mdi: icons: the theme's text)",
            "Draws the image as a template: only its alpha counts, filled with this colour."),
        IconWhen.field,
    ])

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let model = ImageModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            imageName: context.imagePath(p.string("image") ?? ""),
            fit: p.string("fit").flatMap(ImageFit.init(rawValue:)) ?? .contain, tint: p.color("tint"))
        model.isHidden = c.hidden
        return .passive(c, model: model, imageNames: [model.imageName] + IconWhen.icons(p, in: context))
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? ImageModel).map(ImageWidget.init)
    }
}

/// How an image meets a frame of another shape.
enum ImageFit: String, CaseIterable, Sendable {
    /// All of the image, as large as fits, centred (bands of background beside or above it).
    case contain
    /// The frame filled, the image centred and its overflow cut off.
    case cover
    /// The image stretched to the frame, its proportions lost.
    case fill

    /// Which part of an image of `size` pixels is drawn (`source`, image pixels) and where (`destination`,
    /// in the frame's coordinates) to fit `frame`.
    func placement(of size: Size, in frame: Rect) -> (source: Rect, destination: Rect) {
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        guard size.width > 0, size.height > 0 else { return (whole, .zero) }
        switch self {
        case .fill:
            return (whole, frame)
        case .contain:
            let s = min(frame.width / size.width, frame.height / size.height)
            let w = size.width * s, h = size.height * s
            return (whole, Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h))
        case .cover:
            let s = max(frame.width / size.width, frame.height / size.height)
            let w = frame.width / s, h = frame.height / s
            return (Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h), frame)
        }
    }
}

/// An image element's model: what to draw and how; it never changes after it is built.
final class ImageModel: PassiveControl {
    /// The catalogue name (absolute path, or built-in icon name).
    let imageName: String
    let fit: ImageFit
    /// Draw as a template filled with this colour.
    let tint: Color?

    init(id: String, bounds: Rect, transform: Transform, imageName: String, fit: ImageFit, tint: Color?) {
        self.imageName = imageName; self.fit = fit; self.tint = tint
        super.init(id: id, bounds: bounds, transform: transform)
    }
}
