import Testing
@testable import Input

@Test("Input module builds and links") func InputLinks() { #expect(Bool(true) != false) }
