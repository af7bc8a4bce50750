import ConfigModel
import Glibc
import Widgets

extension ConfigBuilder {
    /// `confirm` and `confirm_pin` on elements: only where a finger changes or presses the element, a
    /// PIN of digits, and a warning when the file holding a PIN can be read by every user (the PIN is
    /// as good as the question's answer: the token file's rule, as a warning since the PIN guards a
    /// panel a person stands at, not an account).
    mutating func checkConfirms(_ controls: [ControlConfig]) {
        var pinShown = false
        for c in controls {
            let p = c.properties
            guard p["confirm"] != nil || p["confirm_pin"] != nil else { continue }
            let exposure = ElementKinds.named(c.kind)?.exposure(p) ?? .nothing
            if exposure == .nothing {
                fail(
                    p, p["confirm"] != nil ? "confirm" : "confirm_pin",
                    "expected only on an element a finger changes or presses (a \(c.kind) holds no value)")
                continue
            }
            if let q = p.string("confirm"), q.allSatisfy(\.isWhitespace) {
                fail(p, "confirm", "expected a question (\"Unlock the front door?\"), found an empty string")
            }
            guard let pin = p.string("confirm_pin") else { continue }
            guard (1...ConfirmKeys.maximumPINLength).contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber })
            else {
                // Never quoted: a PIN mistyped is still close to the PIN.
                fail(
                    p, "confirm_pin",
                    "expected 1 to \(ConfirmKeys.maximumPINLength) digits (what the number pad can type), found \(pin.count) characters that are not all digits"
                )
                continue
            }
            if !pinShown, ConfigBuilder.everyoneReads(file) {
                pinShown = true
                warn(
                    p, "confirm_pin",
                    "expected the config holding a PIN to be private, found \(file) readable by every user: chmod 640 (the kiosk's user or group must still read it)"
                )
            }
        }
    }

    /// Whether every user may read `path` (a missing file: no).
    static func everyoneReads(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o004 != 0
    }
}
