import Testing
@testable import Raster

@Test("Raster module builds and links") func RasterLinks() { #expect(Bool(true) != false) }
