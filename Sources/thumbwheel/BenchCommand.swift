/// `thumbwheel bench`: the rasterizer benchmark of ../shared/bench/SCENES.md (owned by the Raster work).
enum BenchCommand {
    static func run(_ args: [String]) -> Int32 {
        CLI.fail("bench: not built yet")
    }
}
