import ConfigLoading
import Controls
import Core
import Platform
import Widgets

/// Changes made on the panel that wait for an answer before they count: an element with `confirm`
/// (a question, No and Yes) or `confirm_pin` (the PIN typed on the number pad), and values an adapter
/// said need its device's code (an alarm panel's disarm). While asked, the element shows the value it
/// had (its device's), and nobody hears of the change: not the adapters (so no service call), not the
/// state file, hooks or actions. Yes (or the right PIN) lets it through as a change of the kiosk's
/// (`ChangeOrigin.kiosk`), with the code, if one was typed, handed to the adapter that sends it
/// (`takeCode`) and dropped right after. No, a touch outside, a timeout or another screen: nothing.
struct ElementGates {
    /// One change waiting for its answer.
    struct Question {
        var id: String
        /// The value the finger chose (nil: a press).
        var value: StoredValue?
        var confirm: ConfirmDialog?
        var pin: PinDialog?
        /// The PIN the answer must be (`confirm_pin`), nil: any code (the device checks it).
        var expected: String?
        /// Whether the typed digits go with the change as the device's code.
        var sendsCode: Bool
        var wrongTries = 0
    }

    var question: Question?
    /// Elements a finger still holds whose changes are held back until it lifts.
    var holding: Set<String> = []
    /// The values of each element that need a code (`KioskAPI.requireCode`).
    var codeValues: [String: [StoredValue]] = [:]
    /// The element whose change is let through now, and its code: only while it is delivered.
    var passing: (id: String, code: String?)?

    /// Wrong PINs before the question is dropped.
    static let maximumWrongTries = 3

    var deadline: MonotonicTime? { question?.confirm?.deadline ?? question?.pin?.deadline }

    /// Another screen or a reload: the question goes unanswered with it.
    mutating func dropQuestion() {
        question = nil
        holding = []
    }
}

extension KioskRuntime {
    public func requireCode(for id: String, values: [StoredValue]) {
        gates.codeValues[id] = values.isEmpty ? nil : values
    }

    public func takeCode(for id: String) -> String? {
        guard let passing = gates.passing, passing.id == id else { return nil }
        gates.passing?.code = nil
        return passing.code
    }

    /// Whether `b`'s `events` are held back for a question: a change a finger made (or a press) on an
    /// element that asks first. Changes from outside and the one let through pass.
    func holdsBack(_ b: Element, _ events: [ControlEvent], now: MonotonicTime) -> Bool {
        guard gates.passing?.id != b.id else { return false }
        let p = b.config.properties
        let asks = p["confirm"] != nil || p["confirm_pin"] != nil
        let codes = gates.codeValues[b.id] ?? []
        guard asks || !codes.isEmpty else { return false }
        let press = events.contains(.touchUpInside) && b.value == nil
        let changed = events.contains {
            switch $0 {
            case .valueChanged(_, true), .secondValueChanged(_, true), .rangeChanged(_, _, _, true): return true
            default: return false
            }
        }
        guard changed || press || gates.holding.contains(b.id) else { return false }
        if asks && screen.router.activeControlIDs.contains(b.id) {
            gates.holding.insert(b.id)
            return true
        }
        gates.holding.remove(b.id)
        let value = press ? nil : b.value
        let needsCode = value.map { codes.contains($0) } ?? false
        guard asks || needsCode else { return false }
        guard gates.question == nil, pendingConfirm == nil else {
            Log.notice("\(b.id): a change not asked about: another question is shown")
            putBack(b, now: now)
            return true
        }
        putBack(b, now: now)
        ask(b, value: value, sendsCode: needsCode, now: now)
        return true
    }

    /// Shows `b`'s value as it was before the finger changed it: what the state file holds (its
    /// device's last state for a bound one), quietly (nobody heard of the change).
    private func putBack(_ b: Element, now: MonotonicTime) {
        // Never changed since the config gave it: the config's value (a toggle's and a choice's default: 0).
        let exposure = ElementKinds.named(b.kind)?.exposure(b.config.properties)
        let initial = b.config.properties.number("value").map { StoredValue.single($0) }
        var fallback = initial
        switch exposure {
        case .onOff?, .select?: fallback = fallback ?? .single(0)
        default: break
        }
        guard let before = services.state.values[b.id] ?? fallback else { return }
        _ = try? b.setValue(before, time: now)
        _ = b.drainEvents(time: now)
        presenter.invalidate()
    }

    private func ask(_ b: Element, value: StoredValue?, sendsCode: Bool, now: MonotonicTime) {
        let p = b.config.properties
        let expected = p.string("confirm_pin")
        let words =
            p.string("confirm") ?? (sendsCode ? "Code for \(p.string("name") ?? p.string("label") ?? b.id)" : "PIN")
        var q = ElementGates.Question(id: b.id, value: value, expected: expected, sendsCode: sendsCode)
        let size = screen.context.screenSize
        if expected != nil || sendsCode {
            let dialog = PinDialog(question: words, screenSize: size, scale: screen.scale, time: now)
            q.pin = dialog
            screen.presentModal(dialog)
        } else {
            let dialog = ConfirmDialog(question: words, screenSize: size, scale: screen.scale, time: now)
            q.confirm = dialog
            screen.presentModal(dialog)
        }
        gates.question = q
        presenter.invalidate()
    }

    /// Takes the answer to the question shown, if it came.
    func answerGate(now: MonotonicTime) {
        guard var q = gates.question else { return }
        var yes = false, code: String?
        if let dialog = q.confirm {
            guard let outcome = dialog.outcome(at: now) else { return }
            yes = outcome == .yes
            screen.dismissModal(dialog, time: now)
        } else if let dialog = q.pin {
            guard let outcome = dialog.outcome(at: now) else { return }
            if case .entered(let typed) = outcome {
                if let expected = q.expected, typed != expected {
                    q.wrongTries += 1
                    dialog.forget()
                    // The PIN is never logged: only that a wrong one was typed.
                    Log.notice("\(q.id): a wrong PIN typed (\(q.wrongTries) of \(ElementGates.maximumWrongTries))")
                    if q.wrongTries < ElementGates.maximumWrongTries {
                        dialog.refuse("Wrong PIN", time: now)
                        gates.question = q
                        presenter.invalidate()
                        return
                    }
                } else {
                    yes = true
                    code = q.sendsCode ? typed : nil
                }
            }
            dialog.forget()
            screen.dismissModal(dialog, time: now)
        }
        gates.question = nil
        presenter.invalidate()
        guard yes else { return }
        pass(q, code: code, now: now)
    }

    /// Lets the change through as the kiosk's own, with its code for the adapter that sends it.
    private func pass(_ q: ElementGates.Question, code: String?, now: MonotonicTime) {
        guard let b = screen.element(id: q.id) else { return }
        gates.passing = (q.id, code)
        defer { gates.passing = nil }
        guard let value = q.value else {
            broadcast(.control(id: b.id, event: .touchUpInside, value: nil), now: now)
            perform(b.actions(for: .touchUpInside).map { (b, $0) }, now: now, depth: 0)
            return
        }
        do { _ = try b.setValue(value, time: now) } catch {
            Log.warning("\(b.id): the change asked about no longer fits: \(error)")
            return
        }
        var actions = deliver(b, now: now, cause: .kiosk)
        if case .single(let v) = value {
            actions += b.actions(for: .valueChanged(value: v, fromUser: true)).map { (b, $0) }
        }
        if !actions.isEmpty { perform(actions, now: now, depth: 0) }
    }
}

extension KioskScreen {
    /// Puts a modal dialog (a question, a PIN pad) above everything: it takes every touch until dismissed.
    func presentModal(_ dialog: any TouchControl) {
        router.replace([], with: [dialog], time: 0)
        view.replace([], with: [dialog])
    }

    /// Takes a modal dialog away; the screen below is drawn again where it was.
    func dismissModal(_ dialog: any TouchControl, time: MonotonicTime) {
        router.replace([dialog], with: [], time: time)
        view.replace([dialog], with: [])
    }
}
