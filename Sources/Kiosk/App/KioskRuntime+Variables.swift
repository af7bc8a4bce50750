import ConfigLoading
import Core
import Formats
import Widgets

extension KioskRuntime {
    /// Sets variable `id` (`set-var`): the adapters hear of it and the labels showing it are redrawn. A refused value
    /// (unknown id, wrong type, not finite, too long) changes nothing.
    func setVariable(_ id: String, _ raw: JSON, now: MonotonicTime) -> Result<KioskResult, KioskCommandError> {
        do {
            let taken = try variables.set(id, raw, now: now)
            presenter.invalidate()
            broadcast(.variable(id: id, value: taken), now: now)
            return .success(.variable(id: id, value: Optional(taken).json))
        } catch {
            return .failure(KioskCommandError(error.message))
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
