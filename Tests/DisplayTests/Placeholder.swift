import Testing
@testable import Display

@Test("Display module builds and links") func DisplayLinks() { #expect(Bool(true) != false) }
