/// `thumbwheel replay` and `thumbwheel list-devices` (owned by the Input work).
enum ReplayCommand {
    static func run(_ args: [String]) -> Int32 { CLI.fail("replay: not built yet") }
}
enum ListDevicesCommand {
    static func run(_ args: [String]) -> Int32 { CLI.fail("list-devices: not built yet") }
}
