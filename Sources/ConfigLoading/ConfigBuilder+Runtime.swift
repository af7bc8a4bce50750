import ConfigModel
import Glibc
import Platform

/// What start-up and run time would trip over in the service sections: the socket, the state file,
/// the hooks' programs, the device nodes and the calibration. Facts about the file itself (a path
/// that cannot work anywhere) are errors; facts about this machine that may differ on the panel (a
/// device not plugged in here, a group or program not installed here) are warnings `check-config`
/// prints and the kiosk logs.
extension ConfigBuilder {
    /// The socket's path must fit an address, be absolute and not name something else the kiosk would
    /// replace; its group must exist.
    mutating func checkSocket(_ t: ConfigTable, _ s: SocketConfig) {
        if !s.path.isEmpty {
            if s.path.utf8.count > ConfigLimits.socketPathBytes {
                fail(
                    t, "path",
                    "expected a path of at most \(ConfigLimits.socketPathBytes) bytes (what a Unix socket address holds), found \(s.path.utf8.count) bytes"
                )
            } else if let problem = ConfigBuilder.pathProblem(s.path, mayBe: S_IFSOCK, kind: "a socket") {
                fail(t, "path", "expected \(ConfigBuilder.absoluteFile), found \"\(s.path)\" (\(problem))")
            }
        }
        if let group = s.group {
            if group.isEmpty {
                fail(t, "group", "expected a group name, found an empty string")
            } else if getgrnam(group) == nil {
                warn(
                    t, "group",
                    "expected a group of this system, found \"\(group)\" (no such group here: the socket would keep the service's group)"
                )
            }
        }
    }

    /// The state file must be an absolute path that is (or can become) a regular file. A folder this
    /// user cannot write is a warning: the kiosk would run, and every save would fail.
    mutating func checkState(_ t: ConfigTable, _ s: StateConfig) {
        if let problem = ConfigBuilder.pathProblem(s.path, mayBe: S_IFREG, kind: "a regular file") {
            fail(t, "path", "expected \(ConfigBuilder.absoluteFile), found \"\(s.path)\" (\(problem))")
        } else if let (folder, code) = ConfigBuilder.unwritableFolder(of: s.path) {
            let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? "uid \(geteuid())"
            warn(
                t, "path",
                "expected a folder the kiosk can write, found \(folder) not writable by \(user), who runs this check "
                    + "(\(String(cString: strerror(code)))): values set on the panel would not be saved. The kiosk needs to create files "
                    + "there as the user it runs as (the package's service runs as thumbwheel, in /var/lib/thumbwheel)")
        }
    }

    /// The folder the state file is written in, or the nearest one that exists (the kiosk creates the
    /// rest), when this process may not create files in it, and the errno saying why. Nil when it may.
    static func unwritableFolder(of path: String) -> (String, Int32)? {
        var folder = FileIO.directory(of: path)
        var info = stat()
        while stat(folder, &info) != 0 && folder != "/" { folder = FileIO.directory(of: folder) }
        // access() asks the kernel, so a read-only mount or an immutable folder counts for root too.
        return access(folder, W_OK | X_OK) == 0 ? nil : (folder, errno)
    }

    static let absoluteFile = "an absolute path to a file the kiosk may create"

    /// Why the kiosk could not create or reuse `path` as a file of type `type`: not absolute, a
    /// directory or another kind of file there, or a parent that is not a directory. Nil when fine.
    static func pathProblem(_ path: String, mayBe type: mode_t, kind: String) -> String? {
        guard path.hasPrefix("/") else {
            return path.isEmpty ? "empty" : "relative: it would depend on the directory the kiosk is started in"
        }
        guard !path.hasSuffix("/") else { return "a directory" }
        var info = stat()
        if lstat(path, &info) == 0 {
            let found = info.st_mode & S_IFMT
            if found == type { return nil }
            return found == S_IFDIR ? "a directory" : "it exists and is not \(kind); the kiosk would not replace it"
        }
        var parent = path
        while let slash = parent.lastIndex(of: "/") {
            parent = String(parent[..<slash])
            if parent.isEmpty { return nil }
            if stat(parent, &info) == 0 {
                return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(parent) is not a directory"
            }
        }
        return nil
    }

    /// A hook's program (the first item of `key`'s argv) must be something the kiosk can execute.
    mutating func checkProgram(_ t: ConfigTable, _ key: String) {
        guard let program = t.strings(key)?.first, !program.isEmpty else { return }  // empty: said elsewhere
        switch HookRunner.resolve(ConfigPaths.program(program, in: FileIO.directory(of: file))) {
        case .found: break
        case .missing(let why):
            warn(
                t, key,
                "expected a program the kiosk can run, found \"\(program)\" (\(why) on this machine: the hook will fail when it runs)"
            )
        case .unusable(let why):
            fail(t, key, "expected a program the kiosk can run, found \"\(program)\" (\(why))")
        }
    }

    /// A device node the kiosk opens (`display.device`, `display.terminal`, an `input.device` path)
    /// must be a character device; one not present here is a warning.
    mutating func checkDevice(_ t: ConfigTable, _ key: String, _ path: String?) {
        guard let path, path.hasPrefix("/") else { return }
        var info = stat()
        guard stat(path, &info) == 0 else {
            warn(
                t, key,
                "expected a device node, found \"\(path)\" (\(String(cString: strerror(errno))) on this machine)")
            return
        }
        if info.st_mode & S_IFMT != S_IFCHR {
            fail(
                t, key,
                "expected a device node, found \"\(path)\" (\(info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a character device"))"
            )
        }
    }

    /// The backlight must be a /sys/class/backlight directory with a max_brightness file.
    mutating func checkBacklight(_ t: ConfigTable, _ path: String?) {
        guard let path else { return }
        var info = stat()
        guard stat(path, &info) == 0 else {
            warn(
                t, "backlight",
                "expected a backlight directory, found \"\(path)\" (\(String(cString: strerror(errno))) on this machine)"
            )
            return
        }
        if info.st_mode & S_IFMT != S_IFDIR || access(path + "/max_brightness", R_OK) != 0 {
            fail(
                t, "backlight",
                "expected a backlight directory such as /sys/class/backlight/NAME, found \"\(path)\" (no readable max_brightness in it)"
            )
        }
    }

    /// A calibration matrix must keep the panel two-dimensional: its 2x2 part invertible.
    mutating func checkCalibration(_ t: ConfigTable, _ m: [Double]?) {
        guard let m, m.count == 6 else { return }
        let bounds = GeometryLimits.calibrationCoefficients
        if let far = m.first(where: { !bounds.contains($0) }) {
            let range = "\(Schema.format(bounds.lowerBound)) to \(Schema.format(bounds.upperBound))"
            return fail(t, "calibration", "expected coefficients from \(range), found \(Schema.format(far))")
        }
        let determinant = m[0] * m[4] - m[1] * m[3]
        if !(abs(determinant) > 1e-9) || !determinant.isFinite {
            fail(
                t, "calibration",
                "expected an invertible matrix (a·e − b·d ≠ 0, or every touch lands on one line), found a·e − b·d = \(Schema.format(determinant))"
            )
        }
    }
}
