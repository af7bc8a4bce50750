import Core
import Platform

extension KioskRuntime {
    /// A link's new standing: its banner line is put up, changed or taken down. The moment of a loss
    /// is said in local time, read here (the adapters pass monotonic time only).
    func showLinkStatus(_ status: LinkStatus, now: MonotonicTime) {
        let line = status.line(now: now, localNow: WallClock.localSeconds(), names: variables.board.clockNames)
        presenter.linkLines[status.name] = line
    }
}
