import Core
import Raster

/// A contact sheet of icons of the icon font (docs/mdi-icons.png; `thumbwheel render --mdi-sheet`):
/// the same icons at 24, 48 and 96 pixels, drawn by the painter every element draws icons with, in
/// the theme's text colour on its background, each of the largest named below it.
public enum IconSheet {
    /// The icon sizes, in pixels (points at scale 1).
    public static let sizes = [24.0, 48.0, 96.0]
    static let width = 1000
    static let margin = 16
    static let header = 30
    static let nameHeight = 16

    /// Renders `names` (without the `mdi:` prefix) from `icons` with `theme`'s colours and `faces`.
    public static func render(icons: IconFont, names: [String], faces: TextFaces, theme: Theme = .dark) -> Bitmap {
        let images = ImageCatalog()
        images.icons = icons
        let resources = Resources(theme: theme, images: images, faces: faces)
        let sections = sizes.map { layout(size: $0, count: names.count) }
        let height = sections.reduce(margin) { $0 + header + $1.rows * $1.cellHeight + margin }
        let sheet = Bitmap(width: width, height: height, format: .xrgb8888, fill: theme.background)
        let painter = LocalPainter(canvas: sheet.canvas, transform: .identity, resources: resources)
        var top = Double(margin)
        for (size, section) in zip(sizes, sections) {
            painter.drawText(
                "\(Int(size)) px", size: 15, bold: true, x: Double(margin), baseline: top + 20, color: theme.text)
            top += Double(header)
            for (i, name) in names.enumerated() {
                let x = Double(margin + (i % section.columns) * section.cell)
                let y = top + Double((i / section.columns) * section.cellHeight)
                let square = Rect(x: x + (Double(section.cell) - size) / 2, y: y, width: size, height: size)
                painter.drawIcon(IconNames.prefix + name, fittedIn: square, tint: theme.text)
                if section.named {
                    painter.drawText(
                        name, size: 11, bold: false,
                        centeredAt: Point(x + Double(section.cell) / 2, y + size + 10), color: theme.text.withAlpha(0.7)
                    )
                }
            }
            top += Double(section.rows * section.cellHeight + margin)
        }
        return sheet
    }

    /// Icons a home panel names (lights, climate, weather, media, doors), all in Debian's font.
    public static let sampleNames = """
        lightbulb lightbulb-outline thermometer fan water power coffee home weather-sunny weather-night weather-cloudy \
        weather-rainy weather-snowy water-pump fire flash battery wifi bluetooth lock lock-open window-closed television \
        speaker volume-high play pause skip-next skip-previous bell alarm clock calendar account leaf flower cup-water \
        fridge radiator air-conditioner blinds kettle stove settings music-note sofa car gauge
        """.split(separator: " ").map(String.init)

    /// The sheet once per theme, side by side: by default the sample names on the dark theme and a
    /// light page.
    public static func render(
        icons: IconFont, names: [String] = sampleNames, faces: TextFaces,
        themes: [Theme] = [.dark, lightPage]
    ) -> Bitmap {
        let sheets = themes.map { render(icons: icons, names: names, faces: faces, theme: $0) }
        let all = Bitmap(
            width: sheets.reduce(0) { $0 + $1.width }, height: sheets.map(\.height).max() ?? 0, format: .xrgb8888)
        var x = 0
        for s in sheets {
            all.canvas.drawImage(
                s, in: Rect(x: Double(x), y: 0, width: Double(s.width), height: Double(s.height)), filter: .nearest)
            x += s.width
        }
        return all
    }

    /// A light page for the sheet (dark icons on near-white), beside the dark theme.
    public static let lightPage: Theme = {
        var t = Theme()
        t.background = Color(rgb: 0xF4F4F2)
        t.text = Color(rgb: 0x1E1E1E)
        return t
    }()

    /// Columns and rows of a section of `count` icons of `size` pixels; only the largest carry names.
    static func layout(size: Double, count: Int) -> (columns: Int, rows: Int, cell: Int, cellHeight: Int, named: Bool) {
        let named = size >= 96
        let cell = named ? Int(size) + 28 : Int(size * 1.6)
        let columns = max(1, (width - 2 * margin) / cell)
        let rows = (count + columns - 1) / columns
        return (columns, rows, cell, Int(size) + (named ? nameHeight + 12 : Int(size * 0.6)), named)
    }
}
