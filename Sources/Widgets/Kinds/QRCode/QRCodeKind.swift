import ConfigModel
import Controls
import Core

/// `qrcode`: a QR code of a text template (a Wi-Fi join `WIFI:S:{ssid};T:WPA;P:{key};;`, a URL with
/// the panel's id held in a text variable), made by libqrencode and drawn with whole device pixels
/// per module inside a light quiet zone, so a phone reads it at any size. It takes no touches and
/// holds no value; it is made again when a value its text shows changes.
struct QRCodeKind: RegisteredKind {
    var name: String { "qrcode" }
    var schema: Schema { QRCodeKind.keys }
    var templateKeys: [TemplateKey] { [TemplateKey("text")] }
    var valueShape: ValueShape { .nothing }
    var takesTouches: Bool { false }

    /// The quiet zone QR's standard asks for around a symbol, in modules.
    static let standardQuietZone = 4

    static let keys = ElementKeys.common.adding([
        Field(
            "text", .string, required: true,
            "What the code holds, a template like a label's text (\"WIFI:S:{ssid};T:WPA;P:{wifi_key};;\", \"https://example.org/panel/{panel}\"): made again when a value it shows changes."
        ),
        Field(
            "level", .choice(QRSymbol.Level.allCases.map(\.rawValue)), default: "\"M\"",
            "Error correction: L, M, Q or H (the symbol still reads with about 7, 15, 25 or 30 % of it hidden; higher levels make larger symbols)."
        ),
        Field(
            "quiet_zone", .integer(0...10), default: "4",
            "The light margin around the symbol, in modules; scanners need 4, some read with less."),
        Field("color", .color, default: "\"#000000\"", "The dark modules."),
        Field(
            "background", .color, default: "\"#FFFFFF\"",
            "The light modules and the quiet zone: keep it much lighter than `color`, or phones will not read the code."
        ),
    ])

    /// A text whose fixed part alone is more than the largest symbol holds never shows a code: said
    /// at load. A text that grows past it with its values is said on screen and in the log instead.
    func check(_ table: ConfigTable, report: (String, String) -> Void) {
        guard let text = table.string("text"), let template = try? TextTemplate(parsing: text) else { return }
        let level = table.string("level").flatMap(QRSymbol.Level.init(rawValue:)) ?? .medium
        let fixed = template.parts.reduce(0) { sum, part in
            if case .literal(let t) = part { return sum + t.utf8.count }
            return sum
        }
        guard fixed > level.byteCapacity else { return }
        report(
            "text",
            "expected at most \(level.byteCapacity) bytes (all a QR code holds at level \(level.rawValue)), found \(fixed) bytes"
                + (template.names.isEmpty ? "" : " before its values"))
    }

    func make(_ c: ControlConfig, in context: ElementContext) -> Element {
        let p = c.properties
        let model = QRCodeModel(
            id: c.id, bounds: ElementContext.localBounds(c), transform: context.transform(for: c),
            template: context.template(p.string("text") ?? ""), board: context.board,
            level: p.string("level").flatMap(QRSymbol.Level.init(rawValue:)) ?? .medium,
            quietZone: p.int("quiet_zone") ?? QRCodeKind.standardQuietZone,
            dark: p.color("color") ?? Color(rgb: 0x000000), light: p.color("background") ?? Color(rgb: 0xFFFFFF))
        model.isHidden = c.hidden
        return .passive(c, model: model, problem: { model.problem(at: $0) })
    }

    func widget(for control: any TouchControl) -> (any Widget)? {
        (control as? QRCodeModel).map(QRCodeWidget.init)
    }
}

/// A QR code element's model: its template and look, and the symbol of the text it last showed.
final class QRCodeModel: PassiveControl {
    let template: TextTemplate
    let board: ValueBoard
    let level: QRSymbol.Level
    let quietZone: Int
    let dark: Color
    let light: Color
    private var rendered = RenderedText()
    /// The symbol and the text it was made from: made again only when the text changes.
    private var made: (text: String, symbol: QRSymbol?)?

    init(
        id: String, bounds: Rect, transform: Transform, template: TextTemplate, board: ValueBoard,
        level: QRSymbol.Level, quietZone: Int, dark: Color, light: Color
    ) {
        self.template = template; self.board = board; self.level = level; self.quietZone = quietZone
        self.dark = dark; self.light = light
        super.init(id: id, bounds: bounds, transform: transform)
    }

    /// The text the code holds at `time`.
    func text(at time: MonotonicTime) -> String { board.render(template, at: time, reusing: &rendered).text }

    /// Why no code is shown at `time`: its text is longer than the largest symbol holds; nil when
    /// one is (or the text is empty).
    func problem(at time: MonotonicTime) -> String? {
        let text = text(at: time)
        guard !text.isEmpty, symbol(for: text) == nil else { return nil }
        return "text too long for a QR code: \(text.utf8.count) bytes, at most \(level.byteCapacity) at level "
            + level.rawValue
    }

    /// The symbol of `text`, or nil when it holds none (empty, or too long for a QR code).
    func symbol(for text: String) -> QRSymbol? {
        if let made, made.text == text { return made.symbol }
        let symbol = QRSymbol(text, level: level)
        made = (text, symbol)
        return symbol
    }
}
