import Controls
import Core
import Testing
@testable import ConfigLoading
@testable import Formats
@testable import HomeAssistant
@testable import HomeAssistantAdapter
@testable import Kiosk
@testable import Widgets

/// A spinner or dropdown bound to an entity without its own items or options takes the entity's
/// (issue 33): the loader lets it through only when bound, and the links set the options from HA.
@Suite("Home Assistant: a spinner's and a dropdown's options from the entity")
struct EntityOptionsTests {
    let t = EntityLinksTests()

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    /// An input_select whose state is `state` among `options`.
    func cache(_ state: String, _ options: [String]) -> EntityCache {
        var cache = EntityCache()
        _ = cache.apply(
            .object([
                (
                    "a",
                    .object([
                        (
                            "input_select.room",
                            .object([
                                ("s", .string(state)), ("a", .object([("options", .array(options.map(JSON.string)))])),
                            ])
                        )
                    ])
                )
            ]))
        return cache
    }

    @Test("Loads bound without items or options; unbound, a located error; a spinner's items keep theirs")
    func loading() throws {
        let spinner = try t.link("spinner", "input_select.room")
        #expect(spinner.exposure == .select(options: []))
        #expect(spinner.adaptable.contains("options"))
        let dropdown = try t.link("dropdown", "input_select.room")
        #expect(dropdown.adaptable.contains("options"))
        let own = try t.link(
            "spinner", "input_select.room", "    [[screens.controls.items]]\n    title = \"Hall\"\n")
        #expect(own.exposure == .select(options: ["Hall"]))
        #expect(
            !own.adaptable.contains("options"), "a spinner's items are its options: the entity's do not replace them")
        let titles = try t.link("spinner", "input_select.room", "  options = [\"Hall\", \"Den\"]\n")
        #expect(titles.exposure == .select(options: ["Hall", "Den"]))
        #expect(!titles.adaptable.contains("options"))

        let screen = "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  id = \"c\"\n  frame = [0, 0, 100, 60]\n"
        let spinnerErrors = errors(screen + "  kind = \"spinner\"\n")
        #expect(spinnerErrors.count == 1 && spinnerErrors.first?.hasPrefix("c.toml:") == true, "\(spinnerErrors)")
        #expect(
            spinnerErrors.first?.contains(
                "items: expected the items (or `options`, or an `entity` to take them from), found none") == true,
            "\(spinnerErrors)")
        let dropdownErrors = errors(screen + "  kind = \"dropdown\"\n")
        #expect(
            dropdownErrors.count == 1
                && dropdownErrors.first?.contains(
                    "options: expected the options' texts (or an `entity` to take them from), found none") == true,
            "\(dropdownErrors)")
        let both = errors(
            screen + "  kind = \"spinner\"\n  options = [\"a\"]\n    [[screens.controls.items]]\n    title = \"b\"\n")
        #expect(both.first?.contains("options: expected `items` or `options`, not both") == true, "\(both)")
    }

    @Test("The entity's options are set on both, its state picks the index, a pick calls select_option")
    func options() throws {
        let config = try t.loaded(
            t.control("s", "spinner", "input_select.room") + t.control("d", "dropdown", "input_select.room"))
        let r = try EntityLinksTests.Recorder(config)
        r.links.connectionChanged(live: true, entities: cache("den", ["hall", "den", "attic"]), now: 0)
        let set = r.properties.map { "\($0.0).\($0.1)=\($0.2)" }.sorted()
        #expect(set == ["d.options=[\"hall\",\"den\",\"attic\"]", "s.options=[\"hall\",\"den\",\"attic\"]"], "\(set)")
        #expect(r.applied == [.single(1), .single(1)], "den is the second option")
        r.links.receive(.valueChanged(id: "s", value: .single(2), urgent: true, origin: .command(.socket)), now: 1)
        #expect(
            r.calls.last?.0
                == ServiceCall(
                    domain: "input_select", service: "select_option", entity: "input_select.room",
                    data: .object([("option", .string("attic"))])))
        // HA changes the options: set again, and the state's index is in the new ones.
        let next = cache("loft", ["cellar", "loft"])
        r.links.entityChanged("input_select.room", next.entities["input_select.room"], now: 2)
        #expect(r.properties.count == 4)
        #expect(r.applied.suffix(2) == [.single(1), .single(1)], "\(r.applied)")
    }

    @Test("A spinner written with options alone has title-only items")
    func titleOnlyItems() throws {
        let config = try t.loaded(t.control("s", "spinner", "input_select.room", "  options = [\"Hall\", \"Den\"]\n"))
        let c = try #require(config.allControls.first { $0.id == "s" })
        let kind = try #require(ElementKinds.named("spinner"))
        let element = kind.make(
            c,
            in: ElementContext(
                scale: 1, configDirectory: "/nonexistent", screenSize: Size(800, 480), theme: .dark, time: 0))
        let spinner = try #require(element.model as? Spinner)
        #expect(spinner.items.map(\.title) == ["Hall", "Den"])
        #expect(spinner.items.allSatisfy { $0.iconName.isEmpty })
        _ = try element.setValue(.single(1), time: 0)
        #expect(element.value == .single(1))
    }
}
