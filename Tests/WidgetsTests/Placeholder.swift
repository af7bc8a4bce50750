import Testing
@testable import Widgets

@Test("Widgets module builds and links") func WidgetsLinks() { #expect(Bool(true) != false) }
