import Formats
import ConfigLoading
import Controls
import Core
import Platform
import Widgets

extension KioskRuntime {
    /// Presets that set elements with actions of their own are followed this deep, no deeper.
    static let maximumActionDepth = 4

    /// Does the actions of tapped or flipped elements, in order.
    func perform(_ actions: [(Element, ElementAction)], now: MonotonicTime, depth: Int) {
        for (element, action) in actions {
            switch action {
            case .screen(let id):
                guard let index = config.screens.firstIndex(where: { $0.id == id }) else { continue }
                go(to: index, now: now)
            case .back:
                guard let previous = pages.back() else { continue }
                services.state.flushPending()
                show(screenIndex: previous, time: now, remember: false)
            case .set(let id, let value):
                // Delivered before the next action: a following screen switch would drop the events.
                if preset(id, value, now: now, depth: depth), depth < KioskRuntime.maximumActionDepth {
                    deliverEvents(now: now, cause: .kiosk, depth: depth + 1)
                }
            case .hook(let argv):
                let value = element.value?.hookText ?? ""
                services.hooks.request(
                    key: "\(element.id)/action", argv: HookRunner.expand(argv, id: element.id, value: value),
                    minInterval: 0, timeout: Double(element.config.hooks?.timeoutMS ?? 5000) / 1000, now: now)
            case .property(let id, let key, let to):
                let value: JSON = to == "true" ? .bool(true) : to == "false" ? .bool(false) : .string(to)
                if case .failure(let refused) = perform(.setProperty(id: id, key: key, value: value), from: .other) {
                    Log.warning("action: \(element.id): \(refused)")
                }
            case .confirmed(let question, let action):
                ask(question, then: action, of: element, now: now)
            case .publish(let topic, let payload, let retain):
                let text = variables.board.render(payload, at: now).text
                broadcast(.publish(topic: topic, payload: text, retain: retain), now: now)
            case .event(let name):
                broadcast(.action(id: element.id, name: name), now: now)
                if let hooks = element.config.hooks, let argv = hooks.onChange {
                    services.hooks.request(
                        key: "\(element.id)/event", argv: HookRunner.expand(argv, id: element.id, value: name),
                        minInterval: 0, timeout: Double(hooks.timeoutMS) / 1000, now: now)
                }
            }
        }
    }

    /// Shows screen `index`, remembering the one shown for `back`.
    func go(to index: Int, now: MonotonicTime) {
        guard index != pages.current else { return }
        services.state.flushPending()
        show(screenIndex: index, time: now, remember: true)
    }

    /// Sets a control as `ctl set` would: on the shown screen through its element (clamped; its events
    /// are delivered by the caller, true); on another screen through `setControl` (clamped, saved,
    /// published, hooked and its own actions done, one level deeper, as on screen). Either way the
    /// change is the kiosk's own, whoever triggered the action: a device's state that leads to it does
    /// not make it that device's, so it is sent to the devices of the element it sets.
    private func preset(_ id: String, _ value: StoredValue, now: MonotonicTime, depth: Int) -> Bool {
        if let element = screen.element(id: id) {
            do { try element.setValue(value, time: now) } catch { Log.warning("action: \(id): \(error)") }
            return true
        }
        guard depth < KioskRuntime.maximumActionDepth else { return false }
        do { _ = try setControl(id, value, now: now, cause: .kiosk, depth: depth + 1) } catch {
            Log.warning("action: \(error)")
        }
        return false
    }

    /// The home screen after `[navigation] return_home_after` seconds without a touch.
    func returnHomeIfDue(now: MonotonicTime) {
        guard let due = homeDeadline, now >= due else { return }
        go(to: config.homeIndex, now: now)
        pages.forget()
    }

    /// When the kiosk goes home if nobody touches it, or nil.
    var homeDeadline: MonotonicTime? {
        let after = config.navigation.returnHomeAfter
        guard after > 0, pages.current != config.homeIndex else { return nil }
        return pages.lastTouch + after
    }
}

/// Which screens were shown, for `back`, and when a finger last touched.
struct PageHistory {
    /// The index of the shown screen.
    var current = 0
    private var stack: [Int] = []
    /// Monotonic time of the last touch (or of start).
    var lastTouch: MonotonicTime = 0

    /// Remembers `index` as the screen to go back to (the last 32).
    mutating func push(_ index: Int) {
        stack.append(index)
        if stack.count > 32 { stack.removeFirst() }
    }

    /// The screen to go back to, if any.
    mutating func back() -> Int? { stack.popLast() }

    mutating func forget() { stack.removeAll() }
}

extension KioskRuntime {
    /// Shows `question` over the screen; `action` runs once Yes is tapped (`answerConfirm`). One
    /// question at a time: an action asking while another waits is dropped.
    func ask(_ question: String, then action: ElementAction, of element: Element, now: MonotonicTime) {
        guard pendingConfirm == nil else {
            Log.notice("action: \(element.id): \"\(question)\" not asked: another question is shown"); return
        }
        let dialog = ConfirmDialog(
            question: question, screenSize: screen.context.screenSize, scale: screen.scale, time: now)
        screen.present(dialog)
        pendingConfirm = (dialog, element, action)
        presenter.invalidate()
    }

    /// Takes the dialog's answer, or its timeout: Yes runs the action; No or nothing does not.
    func answerConfirm(now: MonotonicTime) {
        guard let pending = pendingConfirm else { return }
        guard let outcome = pending.dialog.outcome(at: now) else { return }
        pendingConfirm = nil
        screen.dismiss(pending.dialog, time: now)
        presenter.invalidate()
        if outcome == .yes { perform([(pending.element, pending.action)], now: now, depth: 0) }
    }
}
