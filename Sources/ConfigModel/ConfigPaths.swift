/// The one rule for the files and programs a config names, so that what `check-config` says of a file
/// does not depend on the directory it (or the kiosk) runs in.
public enum ConfigPaths {
    /// The rule as the reference states it.
    public static let rule =
        "A relative path in the file (a font, an image or icon, a hook program written with a `/`, an MQTT file, a device, the backlight) is taken from the folder the file is in, never from the directory the kiosk or `check-config` runs in; a hook program without a `/` is looked up in PATH. `socket.path` and `state.path` must be absolute."

    /// `path` as the kiosk opens it: an absolute (or empty) one as written, a relative one from
    /// `directory`, the config file's folder.
    public static func resolve(_ path: String, in directory: String) -> String {
        path.isEmpty || path.hasPrefix("/") ? path : directory + "/" + path
    }

    /// A hook's program as the kiosk runs it: a bare name stays a name for the PATH search; a path
    /// follows `resolve`.
    public static func program(_ program: String, in directory: String) -> String {
        program.contains("/") ? resolve(program, in: directory) : program
    }

    /// `argv` with its program resolved (nil stays nil).
    public static func command(_ argv: [String]?, in directory: String) -> [String]? {
        guard let argv, let first = argv.first else { return argv }
        return [program(first, in: directory)] + argv.dropFirst()
    }
}
