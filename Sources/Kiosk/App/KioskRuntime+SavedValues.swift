import ConfigLoading
import Controls
import Core
import Platform
import Widgets

extension KioskRuntime {
    /// Puts every saved value of a control of the config through that control, as showing it would,
    /// at start and after a reload: what the control makes of it is what the panel shows, so it is
    /// what the file must hold. A value the control clamps (out of its range, perhaps saved under an
    /// older config) or snaps is logged once and saved back as taken; one it refuses (two numbers for
    /// a one-handle slider) is logged and dropped, and the control starts from its config value.
    /// Saved values of ids no control has are left alone: a control taken out of the config for a
    /// while gets its value back; so are those of elements bound to an entity (its keys come later).
    func settleSavedValues(now: MonotonicTime) {
        let size = presenter.display.canvasSize
        let scale = PanelScale.of(
            config: config.display, canvasSize: size, physicalMM: presenter.display.physicalSizeMM)
        let state = services.state
        for page in config.screens {
            let context = KioskScreen.context(
                config: config, page: page.id, canvasSize: size, scale: scale, time: now,
                board: variables.board)
            for c in page.controls {
                guard let saved = state.values[c.id], let kind = ElementKinds.named(c.kind) else { continue }
                // An element bound to an entity may take its options or range from it, known only once
                // its adapter sets them: its saved value is judged then, not dropped now.
                if c.properties["entity"] != nil { continue }
                let element = kind.make(c, in: context)
                do {
                    let taken = try element.setValue(saved, time: now)
                    guard !taken.isSame(as: saved) else { continue }
                    Log.warning(
                        "state: the saved value of \(c.id), \(saved.hookText), is not one the control takes; "
                            + "it starts at \(taken.hookText), and that is saved")
                    state.set(c.id, taken, dueAt: now)
                } catch {
                    Log.warning(
                        "state: dropped the saved value of \(c.id), \(saved.hookText): \(error); it starts from its config value"
                    )
                    state.remove(c.id, dueAt: now)
                }
            }
        }
    }
}

extension StoredValue {
    /// The same value, but for the last bits of a Double that converting through a control's angle
    /// or position can change: such a value was not clamped, and is not worth a log line and a write.
    func isSame(as other: StoredValue) -> Bool {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
        switch (self, other) {
        case (.single(let a), .single(let b)): return near(a, b)
        case (.pair(let a, let b), .pair(let c, let d)): return near(a, c) && near(b, d)
        default: return false
        }
    }
}
