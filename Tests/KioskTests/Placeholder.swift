import Testing
@testable import Kiosk

@Test("Kiosk module builds and links") func KioskLinks() { #expect(Bool(true) != false) }
