import ConfigModel
import Core
import Formats
import Glibc
import Platform
import Raster
import Widgets

/// Reads and validates a config file. Every mistake is reported at once, each with file, line,
/// column, key, what was expected and what was found.
public enum ConfigLoader {
    /// Loads the file at `path`.
    public static func load(path: String) throws(ConfigErrors) -> KioskConfig {
        guard let text = readTextFile(path) else {
            let reason =
                errno == EFBIG ? "larger than \(ConfigLimits.fileBytes) bytes" : String(cString: strerror(errno))
            throw ConfigErrors([
                ConfigError(
                    file: path, location: .init(line: 1, column: 1), key: "",
                    message: "cannot read the file: \(reason)")
            ])
        }
        return try parse(text: text, file: path)
    }

    /// Parses `text` as if read from `file` (the name used in messages).
    public static func parse(text: String, file: String) throws(ConfigErrors) -> KioskConfig {
        guard text.utf8.count <= ConfigLimits.fileBytes else {
            throw ConfigErrors([
                ConfigError(
                    file: file, location: .init(line: 1, column: 1), key: "",
                    message: "expected at most \(ConfigLimits.fileBytes) bytes, found \(text.utf8.count)")
            ])
        }
        let root: TOMLNode
        let positions: [String: SourceLocation]
        do {
            (root, positions) = try TOMLParser.parseWithPositions(text)
        } catch {
            throw ConfigErrors([
                ConfigError(
                    file: file, location: .init(line: error.line, column: error.column),
                    key: "", message: "TOML syntax: \(error.message)")
            ])
        }
        let (config, errors) = build(root: root, positions: positions, text: text, file: file)
        if !errors.isEmpty { throw ConfigErrors(errors) }
        return config
    }

    /// What can be taken from a file that did not load: the sections the builder could read (a key
    /// in error keeps its default), or nil when the text is not TOML at all. The kiosk starts its
    /// display, socket and state from it while it shows the file's errors (`ConfigRecovery`).
    public static func salvage(text: String, file: String) -> KioskConfig? {
        guard text.utf8.count <= ConfigLimits.fileBytes,
            let (root, positions) = try? TOMLParser.parseWithPositions(text)
        else { return nil }
        return build(root: root, positions: positions, text: text, file: file).config
    }

    private static func build(
        root: TOMLNode, positions: [String: SourceLocation], text: String,
        file: String
    ) -> (config: KioskConfig, errors: [ConfigError]) {
        let locator = SourceLocator(positions: positions, root: root)
        var validator = Validator(file: file, locator: locator)
        let table = validator.table(root, schema: ConfigSchema.root, path: [])
        var builder = ConfigBuilder(file: file, locator: locator)
        var config = builder.build(table)
        config.source = text
        return (config, validator.errors + builder.errors)
    }

    /// The file's text, or nil when it cannot be read (errno says why; EFBIG: over `ConfigLimits.fileBytes`).
    public static func readTextFile(_ path: String) -> String? {
        FileIO.read(path, limit: ConfigLimits.fileBytes).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Turns the validated tables into typed sections and checks what a schema cannot: unique ids,
/// ranges that depend on two keys, strings with their own syntax.
struct ConfigBuilder {
    let file: String
    let locator: SourceLocator
    private(set) var errors: [ConfigError] = []
    /// The image and font files named so far (`KioskConfig.files`).
    var files: [String] = []
    /// Home Assistant entities named in templates (`{sensor.outdoor:.1}`), checked with `[homeassistant]`.
    var entityReferences: [EntityReference] = []
    /// What this machine says about the file that the panel may not (a program or group not installed here).
    private(set) var warnings: [ConfigWarning] = []
    /// `[icons]`, its names read on the first `mdi:` icon (`checkIconName`).
    var icons = IconConfig()
    var iconLoad = IconLoad.notYet
    /// The icon font as opened for the check, to ask it for glyphs.
    var iconFace: FontFace?
    /// The text fonts `[theme]` names, read with the rest of the theme.
    var fonts = ThemeFonts()
    /// The theme as `[theme]` sets it, for the screens' contrast checks.
    var contrastTheme = Theme()

    init(file: String, locator: SourceLocator) { self.file = file; self.locator = locator }

    mutating func build(_ root: ConfigTable) -> KioskConfig {
        // Before the screens: their icon keys are checked against the font's names.
        iconFiles(root.table("icons"))
        var config = KioskConfig(
            file: file, display: display(root.table("display") ?? ConfigTable(path: ["display"])),
            input: input(root.table("input")), theme: theme(root.table("theme")), idle: idle(root.table("idle")),
            socket: socket(root.table("socket")), state: state(root.table("state")),
            screens: screens(root.tables("screens")))
        config.icons = icons
        config.fonts = fonts
        config.variables = variables(root.tables("variables"), controls: config.allControls)
        checkDerivedNames(controls: config.allControls, variables: root.tables("variables"))
        config.templates = templates(of: config.allControls, variables: config.variables)
        checkConditions(controls: config.allControls, variables: config.variables)
        warnPlainTextPlaceholders(
            screens: root.tables("screens"), controls: config.allControls, variables: config.variables)
        config.icons = icons  // again: icons inline in templates load the names too
        config.navigation = navigation(root.table("navigation"), screens: config.screens)
        config.mqtt = mqtt(root.table("mqtt"), variables: root.tables("variables"), declared: config.variables)
        let devices = deviceTopics(of: config.allControls, mqtt: config.mqtt)
        config.mqtt?.devices = devices
        config.homeAssistant = homeAssistant(
            root.table("homeassistant"), controls: config.allControls, variables: root.tables("variables"))
        bindEntityTemplates(section: root.table("homeassistant"), to: &config)
        checkActions(config)
        checkConfirms(config.allControls)
        config.places = places(config.screens)
        config.machineWarnings = warnings
        config.warnings = config.loadWarnings()
        config.files = Array(Set(files)).sorted()
        return config
    }

    /// Where every element ended up, and where a warning about its frame points: at `frame`, or at `in`
    /// for an element a card placed.
    private func places(_ screens: [ScreenConfig]) -> [ElementPlace] {
        screens.enumerated().flatMap { index, screen in
            screen.controls.map { c in
                let laidOut = c.properties.string("in") != nil
                let path = c.properties.path + [laidOut ? "in" : "frame"]
                return ElementPlace(
                    screen: index, id: c.id, frame: c.frame,
                    touchable: (ElementKinds.named(c.kind)?.takesTouches ?? true) && !c.hidden,
                    laidOut: laidOut, key: locator.name(path), location: locator.location(of: path))
            }
        }
    }

    private mutating func display(_ t: ConfigTable) -> DisplayConfig {
        var d = DisplayConfig()
        if let b = t.string("backend"), let backend = DisplayConfig.Backend(rawValue: b) { d.backend = backend }
        d.device = t.string("device").map(resolved)
        if let mode = t.string("mode") {
            if DisplayMode(parsing: mode) == nil {
                fail(t, "mode", "expected \"WxH\" or \"WxH@Hz\" such as \"1280x800@60\", found \"\(mode)\"")
            }
            d.mode = mode
        }
        d.rgb565 = t.string("format") == "rgb565"
        d.locale = t.string("locale") ?? d.locale
        d.rotation = t.int("rotation") ?? 0
        if let size = t.string("size") {
            do {
                d.headlessSize = try PixelSize.parse(size)
                d.givenSize = d.headlessSize
                if let excess = ConfigLimits.canvasExcess(d.headlessSize) { fail(t, "size", excess) }
            } catch { fail(t, "size", "\(error)") }
        }
        d.widthMM = t.number("width_mm"); d.heightMM = t.number("height_mm"); d.scale = t.number("scale")
        d.terminal = t.string("terminal").map(resolved)
        checkDevice(t, "device", d.device)
        checkDevice(t, "terminal", d.terminal)
        return d
    }

    private mutating func input(_ t: ConfigTable?) -> InputConfig {
        var i = InputConfig()
        guard let t else { return i }
        i.device = t.string("device") ?? i.device
        i.calibration = t.numbers("calibration") ?? i.calibration
        i.rotation = t.int("rotation") ?? 0
        i.grab = t.bool("grab") ?? true
        i.haptics = t.bool("haptics") ?? true
        if let w = t.string("report_wait"), let wait = InputConfig.ReportWait(rawValue: w) { i.reportWait = wait }
        checkDevice(t, "device", i.device)
        checkCalibration(t, t.numbers("calibration"))
        return i
    }

    private mutating func theme(_ t: ConfigTable?) -> Theme {
        var th = Theme()
        guard let t else { return th }
        if let base = t.string("base"), let named = Theme.bases.first(where: { $0.name == base }) { th = named.theme }
        checkFont(t, "font")
        checkFont(t, "bold_font")
        th.background = t.color("background") ?? th.background
        th.accent = t.color("accent") ?? th.accent
        th.track = t.color("track") ?? th.track
        th.handle = t.color("handle") ?? th.handle
        th.text = t.color("text") ?? th.text
        th.mutedText = t.color("muted_text") ?? th.mutedText
        th.marker = t.color("marker") ?? th.marker
        th.popupBackground = t.color("popup_background") ?? th.popupBackground
        th.seekerThumb = t.color("seeker_thumb") ?? th.seekerThumb
        th.gradient = t.colors("gradient") ?? th.gradient
        fonts.regular = t.string("font").map(resolved) ?? fonts.regular
        fonts.bold = t.string("bold_font").map(resolved) ?? fonts.bold
        th.pickerFontSize = t.number("picker_font_size") ?? th.pickerFontSize
        for pair in ContrastRule.pairs(of: th) where !pair.passes {
            let key = t.values[pair.key] != nil ? pair.key : (pair.groundKey ?? pair.key)
            warn(t, key, pair.message)
        }
        contrastTheme = th
        return th
    }

    private mutating func idle(_ t: ConfigTable?) -> IdleConfig {
        var i = IdleConfig()
        guard let t else { return i }
        i.dimAfter = t.number("dim_after") ?? 0
        i.blankAfter = t.number("blank_after") ?? 0
        i.dimLevel = t.number("dim_level") ?? i.dimLevel
        i.backlight = t.string("backlight").map(resolved)
        i.wakeTapOnly = t.bool("wake_tap_only") ?? true
        checkBacklight(t, i.backlight)
        if i.dimAfter > 0 && i.blankAfter > 0 && i.blankAfter <= i.dimAfter {
            fail(
                t, "blank_after",
                "expected more than dim_after (\(Schema.format(i.dimAfter))), found \(Schema.format(i.blankAfter))")
        }
        return i
    }

    private mutating func socket(_ t: ConfigTable?) -> SocketConfig {
        var s = SocketConfig()
        s.path = t?.string("path") ?? s.path
        s.group = t?.string("group")
        if let t { checkSocket(t, s) }
        return s
    }

    private mutating func state(_ t: ConfigTable?) -> StateConfig {
        var s = StateConfig()
        s.path = t?.string("path") ?? s.path
        s.debounceMS = t?.int("debounce_ms") ?? s.debounceMS
        if let t, t.string("path") != nil { checkState(t, s) }
        return s
    }

    private mutating func screens(_ tables: [ConfigTable]) -> [ScreenConfig] {
        for t in tables { checkContrast(screen: t, theme: contrastTheme) }
        var screenIDs: Set<String> = []
        var controlIDs: [String: String] = [:]  // id → where first defined
        return tables.map { t in
            let id = t.string("id") ?? ""
            if !screenIDs.insert(id).inserted {
                fail(t, "id", "expected a unique screen id, found \"\(id)\" a second time")
            }
            if let problem = IDGrammar.problem(id), t.string("id") != nil { fail(t, "id", problem) }
            let controls = t.tables("controls").compactMap { c -> ControlConfig? in
                guard let control = self.control(c) else { return nil }
                if let first = controlIDs[control.id] {
                    fail(c, "id", "expected a unique control id, found \"\(control.id)\" again (first at \(first))")
                } else {
                    controlIDs[control.id] = "line \(c.location.line)"
                }
                return control
            }
            checkImage(t, "icon")
            let icon = t.string("icon").map(iconPath)
            return ScreenConfig(
                id: id, background: t.color("background"), controls: layOut(controls), title: t.string("title") ?? id,
                icon: icon)
        }
    }

    /// A control as written; its frame is `.zero` until `layOut` places an element that a card lays out.
    private mutating func control(_ t: ConfigTable) -> ControlConfig? {
        guard let kind = t.string("kind"), let id = t.string("id") else { return nil }
        let f = t.numbers("frame")
        if let card = t.string("in"), let f {
            fail(
                t, "frame",
                "expected no frame on an element that card \"\(card)\" places (in = \"\(card)\"), found [\(f.map(Schema.format).joined(separator: ", "))]"
            )
        } else if t.string("in") == nil && f == nil {
            // The schema cannot require a frame only where `in` is absent: the same words as its own.
            // A frame that is written but invalid was reported by the validator already.
            if !locator.writes(t.path + ["frame"]) {
                failTable(t, "missing the required key \"frame\" (\(FieldType.numbers(count: 4).expectation))")
            }
            checkKeys(t, kind)
            return nil
        }
        if let problem = IDGrammar.problem(id) { fail(t, "id", problem) }
        if let f, let excess = GeometryLimits.frameExcess(f) { fail(t, "frame", excess) }
        checkKeys(t, kind)
        elementFont(t, id: id)
        var hooks: HookConfig?
        if let h = t.table("hooks") {
            let directory = FileIO.directory(of: file)
            hooks = HookConfig(
                onChange: ConfigPaths.command(h.strings("on_change"), in: directory),
                onRelease: ConfigPaths.command(h.strings("on_release"), in: directory),
                minIntervalMS: h.int("min_interval_ms") ?? 200, timeoutMS: h.int("timeout_ms") ?? 5000)
        }
        return ControlConfig(
            kind: kind, id: id, frame: f.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) } ?? .zero,
            rotation: t.number("rotation") ?? 0, hidden: t.bool("hidden") ?? false, hooks: hooks, properties: t)
    }

    /// Warnings for element colours that break the contrast rule against the ground they are drawn on:
    /// the card that places them (a see-through card passes on its own ground), else the screen.
    private mutating func checkContrast(screen t: ConfigTable, theme: Theme) {
        let controls = t.tables("controls")
        let screenGround = t.color("background") ?? theme.background
        let screenName = t.color("background") != nil ? "the screen's background" : "the theme's background"
        var cards: [String: ConfigTable] = [:]
        for c in controls where c.string("kind") == "card" { if let id = c.string("id") { cards[id] = c } }
        func ground(of c: ConfigTable, depth: Int = 0) -> (Color, String) {
            guard depth < 16, let id = c.string("in"), let card = cards[id] else { return (screenGround, screenName) }
            let fill = card.color("color") ?? theme.popupBackground
            if fill.a < 255 { return ground(of: card, depth: depth + 1) }
            return (fill, "card \"\(id)\"'s colour")
        }
        for c in controls {
            guard let kind = c.string("kind") else { continue }
            let (color, name) = ground(of: c)
            for pair in ContrastRule.pairs(kind: kind, c, ground: color, groundName: name) where !pair.passes {
                warn(c, pair.key, pair.message)
            }
        }
    }

    /// What a control's kind checks (rules between keys, images) and its hooks' programs.
    private mutating func checkKeys(_ t: ConfigTable, _ kind: String) {
        if let definition = ElementKinds.named(kind) {
            definition.check(t) { key, message in fail(t, key, message) }
            for image in definition.imageKeys {
                if let within = image.within {
                    for row in t.tables(within) { checkImage(row, image.key) }
                } else if image.list {
                    for path in t.strings(image.key) ?? [] where !path.isEmpty { checkImage(t, image.key, path: path) }
                } else {
                    checkImage(t, image.key)
                }
            }
        }
        if let h = t.table("hooks") {
            for key in ["on_change", "on_release"] {
                if h.strings(key)?.first?.isEmpty == true {
                    fail(h, key, "expected a program path first, found an empty string")
                }
                checkProgram(h, key)
            }
        }
    }

    mutating func fail(_ t: ConfigTable, _ key: String, _ message: String) {
        let path = t.path + [key]
        errors.append(
            ConfigError(file: file, location: locator.location(of: path), key: locator.name(path), message: message))
    }

    /// A warning placed like `fail`'s errors.
    mutating func warn(_ t: ConfigTable, _ key: String, _ message: String) {
        let path = t.path + [key]
        warnings.append(
            ConfigWarning(file: file, location: locator.location(of: path), key: locator.name(path), message: message))
    }

    /// A mistake of the table as a whole (a missing key), placed at its header as the validator does.
    private mutating func failTable(_ t: ConfigTable, _ message: String) {
        errors.append(
            ConfigError(file: file, location: locator.location(of: t.path), key: locator.name(t.path), message: message)
        )
    }
}

/// A display mode written as "WxH" or "WxH@Hz".
public struct DisplayMode: Hashable, Sendable {
    public var size: PixelSize
    public var refresh: Int?
    public init?(parsing text: String) {
        let parts = text.split(separator: "@")
        guard parts.count == 1 || parts.count == 2, let size = PixelSize(parsing: String(parts[0])) else { return nil }
        self.size = size
        if parts.count == 2 {
            guard let hz = Int(parts[1]), (1...1000).contains(hz) else { return nil }
            refresh = hz
        }
    }
}
