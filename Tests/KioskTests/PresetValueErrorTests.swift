import Testing
@testable import ConfigLoading

/// Issue 36: `set` with no value gave two errors, the second one wrong ("found [a, b]" for a value
/// never written).
@Suite("Config: a preset without its value")
struct PresetValueErrorTests {
    static let config = """
        [[screens]]
        id = "main"

          [[screens.controls]]
          kind = "toggle"
          id = "lights"
          frame = [20, 20, 300, 56]

          [[screens.controls]]
          kind = "range-slider"
          id = "hours"
          frame = [20, 100, 200, 200]

          [[screens.controls]]
          kind = "button"
          id = "eco"
          frame = [20, 350, 200, 60]
          text = "Eco"
          actions = [%@]

        """

    func errorsFor(_ action: String) -> [String] {
        errors(Self.config.replacingOccurrences(of: "%@", with: action))
    }

    @Test("set without value: one error, at the action, for a one-value and a two-value control")
    func oneError() {
        #expect(
            errorsFor("{ set = \"lights\" }") == [
                "bad.toml:19:14: screens[id=main].controls[id=eco].actions[0]: expected \"value\" with \"set\", found none"
            ])
        #expect(errorsFor("{ set = \"hours\" }").count == 1)
        // A value of the wrong shape is still its own error.
        #expect(
            errorsFor("{ set = \"lights\", value = [1, 2] }") == [
                "bad.toml:19:32: screens[id=main].controls[id=eco].actions[0].value: expected a number (lights holds one), found [a, b]"
            ])
        #expect(errorsFor("{ set = \"lights\", value = 1 }").isEmpty)
    }
}
