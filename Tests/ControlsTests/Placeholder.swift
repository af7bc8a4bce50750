import Testing
@testable import Controls

@Test("Controls module builds and links") func ControlsLinks() { #expect(Bool(true) != false) }
