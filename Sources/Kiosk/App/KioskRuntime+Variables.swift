import ConfigLoading
import Core
import Formats
import Widgets

extension KioskRuntime {
    /// `{"cmd":"set-var","id":"outdoor","value":4.5}` → `{"ok":true,"id":"outdoor","value":4.5}`;
    /// subscribers get `{"event":"variable",…}` and the labels showing it are redrawn. A refused value
    /// (unknown id, wrong type, not finite, too long) changes nothing.
    func setVariable(_ id: String, _ raw: JSON, now: MonotonicTime) -> any SocketReply {
        do {
            let taken = try variables.set(id, raw, now: now)
            services.mqtt?.variableChanged(id, taken)
            let value = Optional(taken).json
            presenter.invalidate()
            services.socket?.broadcast(.object([("event", .string("variable")), ("id", .string(id)), ("value", value)]))
            return VariableReply(id: id, value: value)
        } catch {
            return ErrorReply(error.message)
        }
    }

    /// Points the board's control lookup at this runtime: the shown screen's elements, then the state
    /// file's saved values, then the config's initial values — so a label can show a control of
    /// another screen.
    func attachBoard() {
        variables.board.controlValue = { [unowned self] id in
            screen.element(id: id)?.value ?? services.state.values[id] ?? variables.controlDefaults[id]
        }
    }
}
