import Core
import Testing
import TestSupport
import Widgets
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// The cases below add one section or key to the minimal config.
private let header = minimalScreenConfig

@Suite("Config errors name file, line, column, key, what was expected and found")
struct ConfigErrorTests {
    /// Each bad config and the exact message it must give.
    static let cases: [(String, String)] = [
        // What start-up would trip over is caught here (issue 21's class): a socket path too long for
        // an address, an empty program, a directory or a text file named as an image, numbers that
        // are not finite.
        (
            "[socket]\npath = \"/tmp/" + String(repeating: "s", count: 110) + ".sock\"\n[[screens]]\nid = \"a\"\n",
            "bad.toml:2:1: socket.path: expected a path of at most 107 bytes (what a Unix socket address holds), found 120 bytes"
        ),
        (
            header + "    [screens.controls.hooks]\n    on_change = [\"\", \"{value}\"]\n",
            "bad.toml:9:5: screens[id=main].controls[id=dial].hooks.on_change: expected a program path first, found an empty string"
        ),
        (
            header + "  handle_image = \"/tmp\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].handle_image: expected a readable PNG file, found \"/tmp\" (/tmp: a directory)"
        ),
        (
            header + "  handle_image = \"/etc/hostname\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].handle_image: expected a readable PNG file, found \"/etc/hostname\" (/etc/hostname: not a PNG file: its first bytes say otherwise)"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"d\"\n  frame = [0, 0, 100, nan]\n",
            "bad.toml:6:3: screens[id=a].controls[id=d].frame: expected an array of 4 finite numbers, found an array holding nan"
        ),
        (
            header + "  max = -inf\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].max: expected a finite number, found -inf"
        ),
        // Geometry no screen shows (issue 37: a card near 1e155 passed with a warning, then crashed
        // render): every coordinate, length and angle is bounded, and so is the headless canvas.
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"card\"\n  id = \"c\"\n  frame = [1e155, 1e155, 1e155, 1e155]\n",
            "bad.toml:6:3: screens[id=a].controls[id=c].frame: expected x and y from -131072 to 131072 and a width and height up to 131072 points, found [1e+155, 1e+155, 1e+155, 1e+155]"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"card\"\n  id = \"c\"\n  frame = [0, 0, 800, 480]\n  radius = 1e155\n",
            "bad.toml:7:3: screens[id=a].controls[id=c].radius: expected a number from 0 to 131072, found the number 1e+155"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"label\"\n  id = \"l\"\n  frame = [-131073, 0, 10, 10]\n  text = \"x\"\n",
            "bad.toml:6:3: screens[id=a].controls[id=l].frame: expected x and y from -131072 to 131072 and a width and height up to 131072 points, found [-131073, 0, 10, 10]"
        ),
        (
            header + "  label_offset = 1e300\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].label_offset: expected a number from -131072 to 131072, found the number 1e+300"
        ),
        (
            header + "  rotation = 1e20\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].rotation: expected a number from -360 to 360, found the number 1e+20"
        ),
        (
            "[display]\nsize = \"16384x16384\"\n" + header,
            "bad.toml:2:1: display.size: expected a canvas of at most 8192 pixels a side and 35389440 pixels in all (8192x4320), found 16384x16384 (268435456 pixels)"
        ),
        (
            "[display]\nsize = \"8192x8192\"\n" + header,
            "bad.toml:2:1: display.size: expected a canvas of at most 8192 pixels a side and 35389440 pixels in all (8192x4320), found 8192x8192 (67108864 pixels)"
        ),
        (
            "[input]\ncalibration = [1, 0, 0, 0, 1, -1e300]\n" + header,
            "bad.toml:2:1: input.calibration: expected coefficients from -100 to 100, found -1e+300"
        ),
        (
            "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"b\"\n  frame = [0, 0, 99, 60]\n  text = \"Go\"\n"
                + "  actions = [{ screen = \"shedule\" }]\n[[screens]]\nid = \"schedule\"\n",
            "bad.toml:8:16: screens[id=main].controls[id=b].actions[0].screen: expected a screen id (main, schedule), found \"shedule\"; did you mean \"schedule\"?"
        ),
        (
            "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"eco\"\n  frame = [0, 0, 99, 60]\n  text = \"Eco\"\n"
                + "  actions = [{ set = \"t\", value = 18 }, { event = \"eco\", back = true }]\n"
                + "  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"t\"\n  frame = [100, 0, 99, 99]\n  min = 10\n  max = 30\n",
            "bad.toml:8:41: screens[id=main].controls[id=eco].actions[1]: expected exactly one of screen, back, set, hook, event, publish, prop, found back and event"
        ),
        (
            "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"eco\"\n  frame = [0, 0, 99, 60]\n  text = \"Eco\"\n"
                + "  actions = [{ set = \"t\", value = 40 }]\n"
                + "  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"t\"\n  frame = [100, 0, 99, 99]\n  min = 10\n  max = 30\n",
            "bad.toml:8:27: screens[id=main].controls[id=eco].actions[0].value: expected a value from 10 to 30 (t's range), found 40"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"gauge\"\n  id = \"g\"\n  frame = [0, 0, 99, 99]\n  source = \"tnak\"\n"
                + "  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"tank\"\n  frame = [100, 0, 99, 99]\n",
            "bad.toml:7:3: screens[id=a].controls[id=g].source: expected a control id or a declared variable, found \"tnak\"; did you mean \"tank\"?"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"gauge\"\n  id = \"g\"\n  frame = [0, 0, 99, 99]\n  source = \"x\"\n  critical_above = 120\n"
                + "  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"x\"\n  frame = [100, 0, 99, 99]\n",
            "bad.toml:8:3: screens[id=a].controls[id=g].critical_above: expected a value from 0 to 100, found 120"
        ),
        (
            header + "  max = \"hot\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].max: expected a finite number, found the string \"hot\""
        ),
        (
            header + "  line_widht = 4\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].line_widht: unknown key; did you mean \"line_width\"?"
        ),
        (
            header + "  max = 0\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].max: expected a value different from min (0), found 0"
        ),
        // Issue 37: max − min overflowed and a value slider read "-inf".
        (
            header + "  min = -1e308\n  max = 1e308\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].min: expected a value from -1e15 to 1e15 (a range whose span and steps a panel can show), found -1e+308"
        ),
        (
            header + "  filled_color = \"#12345\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].filled_color: colour \"#12345\" has 5 hex digits; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        ),
        (
            header + "  max_angle = 400\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].max_angle: expected a number from 0.01 to 360, found the integer 400"
        ),
        (
            "[input]\nreport_wait = \"spin\"\n[[screens]]\nid = \"a\"\n",
            "bad.toml:2:1: input.report_wait: expected one of \"sleep\", \"anticipate\", \"poll\", found the string \"spin\""
        ),
        (
            header + "  handle_type = \"huge\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].handle_type: expected one of \"small-circle\", \"medium-circle\", \"large-circle\", \"double-circle\", found the string \"huge\""
        ),
        (
            header + "  labels = [1, 2]\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].labels: expected an array of strings, found an array"
        ),
        (
            header + "  frame2 = 1\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].frame2: unknown key; did you mean \"frame\"?"
        ),
        (
            "[display]\nrotation = 45\n" + header,
            "bad.toml:2:1: display.rotation: expected 0, 90, 180 or 270, found the integer 45"
        ),
        (
            "[display]\nmode = \"800by480\"\n" + header,
            "bad.toml:2:1: display.mode: expected \"WxH\" or \"WxH@Hz\" such as \"1280x800@60\", found \"800by480\""
        ),
        (
            "[input]\ncalibration = [1, 0, 0]\n" + header,
            "bad.toml:2:1: input.calibration: expected an array of 6 finite numbers, found 3"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"spiner\"\n  id = \"s\"\n  frame = [0, 0, 1, 1]\n",
            // Every registered kind, in registry order: the message grows with the registry.
            "bad.toml:4:3: screens[id=a].controls[id=s].kind: expected one of "
                + ElementKinds.kinds.map { "\"\($0.name)\"" }.joined(separator: ", ")
                + ", found the string \"spiner\"; did you mean \"spinner\"?"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"spinner\"\n  id = \"s\"\n  frame = [0, 0, 1, 1]\n",
            "bad.toml:3:5: screens[id=a].controls[id=s].items: expected the items (or `options`, or an `entity` to take them from), found none"
        ),
        (
            header + "  [[screens.controls]]\n  kind = \"arc-seeker\"\n  id = \"dial\"\n  frame = [0, 0, 9, 9]\n",
            "bad.toml:10:3: screens[id=main].controls[1].id: expected a unique control id, found \"dial\" again (first at line 4)"
        ),
        (
            "[idle]\ndim_after = 60\nblank_after = 30\n" + header,
            "bad.toml:3:1: idle.blank_after: expected more than dim_after (60), found 30"
        ),
        (
            "[theme]\nbackground = \"blurple\"\n" + header,
            "bad.toml:2:1: theme.background: \"blurple\" is not a colour: expected #RRGGBB, #RRGGBBAA, #RGB or one of the names "
                + Color.named.keys.sorted().joined(separator: ", ") + "; did you mean \"purple\"?"
        ),
        (
            "title = \"x\"\n" + header,
            "bad.toml:1:1: title: unknown key"
        ),
        (
            "[display]\n",
            "bad.toml:1:1: missing the required key \"screens\" (an array of tables)"
        ),
        (
            "a = [1,\n",
            "bad.toml:2:1: TOML syntax: unterminated array: expected a value or \"]\", found the end of the file"
        ),
        (
            header + "  items = [{ icon = 3 }]\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].items: unknown key"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"spinner\"\n  id = \"s\"\n  frame = [0, 0, 1, 1]\n  items = [{ icon = \"builtin:sun\" }, { icon = 3 }]\n",
            "bad.toml:7:40: screens[id=a].controls[id=s].items[1].icon: expected a string, found the integer 3"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"spinner\"\n  id = \"s\"\n  frame = [0, 0, 1, 1]\n  items = [{ icon = \"builtin:sun\" }, { icon = \"icons/none.png\" }]\n",
            "bad.toml:7:40: screens[id=a].controls[id=s].items[1].icon: expected a readable PNG file, found \"icons/none.png\" (./icons/none.png: No such file or directory)"
        ),
        (
            header + "  handle_image = \"builtin:moon2\"\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].handle_image: expected one of "
                + BuiltinIcons.names.map { "\"builtin:\($0)\"" }.joined(separator: ", ") + ", found \"builtin:moon2\""
        ),
        (
            "[theme]\nfont = \"/nope.ttf\"\n" + header,
            "bad.toml:2:1: theme.font: expected a readable TrueType font file, found \"/nope.ttf\" (No such file or directory)"
        ),
    ]

    @Test("A table of bad configs gives exactly these messages", arguments: cases)
    func badConfig(text: String, message: String) {
        #expect(errors(text) == [message])
    }

    @Test("Issue 37's card, frame and radius near 1e155, is refused with both numbers located")
    func issue37Card() {
        func card(frame: String, radius: String) -> String {
            "[[screens]]\nid = \"home\"\n  [[screens.controls]]\n  kind = \"card\"\n  id = \"c\"\n  frame = \(frame)\n  radius = \(radius)\n"
        }
        #expect(
            errors(card(frame: "[1e155, 1e155, 1e155, 1e155]", radius: "1e155")) == [
                "bad.toml:6:3: screens[id=home].controls[id=c].frame: expected x and y from -131072 to 131072 and a width and height up to 131072 points, found [1e+155, 1e+155, 1e+155, 1e+155]",
                "bad.toml:7:3: screens[id=home].controls[id=c].radius: expected a number from 0 to 131072, found the number 1e+155",
            ])
        // The largest of everything still loads: a frame at the edge of reach.
        #expect(errors(card(frame: "[-131072, 131072, 131072, 131072]", radius: "131072")) == [])
    }

    @Test("Three mistakes give three located errors, in file order")
    func threeMistakes() {
        let text = "[display]\nbackend = \"drn\"\n" + header + "  max = \"hot\"\n  colour = \"red\"\n"
        let found = errors(text)
        #expect(found.count == 3)
        #expect(found.map { $0.split(separator: ":")[1] } == ["2", "10", "11"])
    }

    @Test("The demo config is valid and typed")
    func demoConfig() throws {
        let config = try ConfigLoader.load(path: repoPath("Config/demo.toml"))
        #expect(config.screens.map(\.id) == ["home", "main"])
        #expect(config.navigation.bar == .bottom && config.homeIndex == 0)
        // The home page shows the panel kinds, the second page every control family.
        #expect(Set(config.screens[0].controls.map(\.kind)) == ["label", "gauge", "button", "toggle", "choice"])
        #expect(
            Set(config.screens[1].controls.map(\.kind)) == [
                "circular-slider", "range-slider", "arc-seeker", "label", "value-slider", "spinner",
            ])
        let dial = try #require(config.control(id: "temperature"))
        #expect(dial.properties.number("max") == 30 && dial.properties.strings("labels")?.count == 5)
        #expect(config.display.headlessSize == PixelSize(width: 800, height: 480))
    }

    @Test("Config/README.md holds the reference generated from the schema")
    func referenceIsCurrent() throws {
        let readme = try #require(ConfigLoader.readTextFile(repoPath("Config/README.md")))
        #expect(
            readme.contains(ConfigReference.markdown()),
            "Config/README.md is out of date: paste the output of `thumbwheel config-reference` into it")
    }
}

@Suite("The example configs")
struct ExampleConfigTests {
    @Test(
        "Every example in Config/ is valid, and each control of each screen can be built (with the navigation bar where asked)",
        arguments: [
            "demo", "thermostat", "media-panel", "lab-instrument", "room-panel", "wall-panel", "home-assistant",
        ])
    func example(name: String) throws {
        let config = try ConfigLoader.load(path: repoPath("Config/\(name).toml"))
        let bar = config.navigation.bar == .none ? [] : [KioskScreen.navigationBarID]
        for index in config.screens.indices {
            let screen = KioskScreen(
                config: config, index: index, canvasSize: config.display.headlessSize, scale: 1, time: 0)
            #expect(screen.elements.map(\.id) == config.screens[index].controls.map(\.id) + bar)
            #expect(screen.view.unsupported.isEmpty)
        }
        // An example shows good practice: nothing too small, overlapping or off the screen. The
        // warnings allowed are about this machine: a hook's program the panel has and this one lacks.
        // Nor is a Home Assistant token file, which is the panel's own.
        let missing = "(No such file or directory on this machine: the hook will fail when it runs)"
        let noToken =
            "(No such file or directory on this machine: the kiosk runs without Home Assistant until it is there and the config is loaded again)"
        let others = config.warnings.filter {
            !$0.place.message.hasSuffix(missing) && !$0.place.message.hasSuffix(noToken)
        }
        #expect(others.isEmpty, "\(others)")
    }
}
