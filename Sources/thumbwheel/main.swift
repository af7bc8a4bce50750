import Glibc
import Kiosk

/// Shared helpers of the command line.
enum CLI {
    /// Writes one line to stderr (fd 2; the C `stderr` global is not concurrency-safe in Swift 6).
    static func printError(_ line: String) {
        let text = line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Prints `thumbwheel: message` on stderr and returns `code` (2: usage errors and missing files).
    static func fail(_ message: String, code: Int32 = 2) -> Int32 {
        printError("thumbwheel: \(message)")
        return code
    }

    static let usage = """
    usage: thumbwheel COMMAND [OPTIONS]

    commands:
      run [--config FILE]                       run the kiosk (DRM, then fbdev, then headless)
      render --config FILE --out FILE.png [--size WxH]
                                                draw the config's first screen to a PNG
      render --contact-sheet FILE.png | --icons DIR
                                                every control in its main states | the built-in icons
      check-config FILE                         validate a config; every mistake with file:line:column
      config-reference                          print the reference of every config key (Markdown)
      replay FILE.events [--desc FILE.desc] [--config FILE]
                                                replay an evemu recording; print touch frames or control events
      list-devices                              list input devices and which one would be used
      ctl get ID | set ID V | list | watch | screenshot F.png | tap X Y | drag X1 Y1 X2 Y2 [MS] | reload
                                                talk to a running kiosk over its control socket
      calibrate [--config FILE]                 touch targets; writes the calibration matrix into the config
      bench [--json] [--scene S1,..] [--size WxH] [--png DIR]
                                                rasterizer benchmark (../shared/bench/SCENES.md)
      bench-widgets                             CPU time of a drag frame and a full frame of the demo
      bench-display                             cost of copying damage to the scan-out buffer

    options:
      --help, -h     this text
      --version      the version
    """
}

/// One entry per command: the name and what runs it.
let commands: [String: ([String]) -> Int32] = [
    "check-config": CheckConfigCommand.run,
    "render": RenderCommand.run,
    "run": RunCommand.run,
    "ctl": CtlCommand.run,
    "calibrate": CalibrateCommand.run,
    "bench-display": BenchDisplayCommand.run,
    "bench-widgets": WidgetBenchCommand.run,
    "config-reference": ConfigReferenceCommand.run,
    "bench": BenchCommand.run,
    "replay": ReplayCommand.run,
    "list-devices": ListAllDevicesCommand.run,
    "state-torture": StateTortureCommand.run,
]

let args = Array(CommandLine.arguments.dropFirst())
let code: Int32
switch args.first {
case nil, "--help", "-h", "help":
    print(CLI.usage)
    code = args.isEmpty ? 2 : 0
case "--version":
    print("thumbwheel \(thumbwheelVersion)")
    code = 0
case let name? where commands[name] != nil:
    code = commands[name]!(Array(args.dropFirst()))
case let name?:
    code = CLI.fail(name.hasPrefix("-") ? "unknown option \(name) (see thumbwheel --help)" : "unknown command \(name) (see thumbwheel --help)")
}
exit(code)
