import ConfigLoading
import Controls
import Core
import Formats
import Widgets

/// The kiosk's variables: values other programs set through the socket (`set-var`) for labels and
/// readouts to show. It validates what is set, keeps the board the screens read, and knows when the
/// next value goes stale so the loop can sleep until then.
final class Variables {
    /// The longest text a text variable takes, in UTF-8 bytes (a label is a line or two, not a file).
    static let maximumTextBytes = ConfigLimits.variableTextBytes

    /// What the screens read: the variables, and controls through the runtime's lookup.
    private(set) var board: ValueBoard
    /// Every control's value as the config sets it, for labels showing a control not on screen and
    /// never saved.
    private(set) var controlDefaults: [String: StoredValue]
    /// When the next variable goes stale (the loop wakes then to dim what shows it).
    private(set) var staleDue: MonotonicTime?

    init(config: KioskConfig, time: MonotonicTime) {
        board = ValueBoard(declarations: config.variables, time: time)
        ElementKinds.trackHistory(of: config.allControls, in: board.history)
        controlDefaults = ControlValues.initial(of: config)
        staleDue = board.nextStaleTime(after: time)
    }

    /// Takes a reloaded config's declarations; a variable still declared with the same type keeps
    /// its value and the time it was set, so a reload does not blank the panel. The control lookup
    /// is the caller's to attach to the new board.
    func reload(_ config: KioskConfig, time: MonotonicTime) {
        let old = board
        // The charts' samples outlive a reload: a changed config keeps its history.
        board = ValueBoard(declarations: config.variables, time: time, history: old.history)
        ElementKinds.trackHistory(of: config.allControls, in: board.history)
        for v in old.variables {
            guard let kept = board.variable(v.declaration.id), kept.declaration.type == v.declaration.type,
                let value = v.value, let setAt = v.setAt
            else { continue }
            board.set(v.declaration.id, value, at: setAt)
        }
        // What is unavailable stays so until its adapter says otherwise (it follows the reload too).
        for name in old.unavailable { board.setAvailable(name, false) }
        controlDefaults = ControlValues.initial(of: config)
        staleDue = board.nextStaleTime(after: time)
    }

    /// Marks variable or control `id` unavailable or available again (its entity or device, or the
    /// link to it): text showing it dims with the marker. True when that changed.
    func setAvailable(_ id: String, _ available: Bool) -> Bool { board.setAvailable(id, available) }

    /// Why a `set-var` was refused (the socket's error text).
    struct Refusal: Error { var message: String }

    /// Sets variable `id` to the socket value `raw` at `now` after checking it against the variable's
    /// type; nothing changes when it is refused.
    func set(_ id: String, _ raw: JSON, now: MonotonicTime) throws(Refusal) -> TemplateValue {
        guard let variable = board.variable(id) else {
            let known = board.variables.map(\.declaration.id)
            throw Refusal(
                message: "no variable \"\(id)\"; "
                    + (known.isEmpty
                        ? "the config declares no [[variables]]"
                        : "declared: " + known.joined(separator: ", ")))
        }
        let value: TemplateValue
        switch (variable.declaration.type, raw) {
        case (.number, .number(let d)) where d.isFinite: value = .number(d)
        case (.number, _):
            throw Refusal(
                message: "\(id): expected a finite number (a number variable), found \(Variables.describe(raw))")
        case (.text, .string(let s)) where s.utf8.count <= ConfigLimits.variableTextBytes: value = .text(s)
        case (.text, .string(let s)):
            throw Refusal(
                message:
                    "\(id): expected a string of at most \(ConfigLimits.variableTextBytes) bytes, found \(s.utf8.count) bytes"
            )
        case (.text, _):
            throw Refusal(message: "\(id): expected a string (a text variable), found \(Variables.describe(raw))")
        }
        board.set(id, value, at: now)
        staleDue = board.nextStaleTime(after: now)
        return value
    }

    /// True when a variable went stale since the last call (the screen must be redrawn); the next
    /// deadline is then taken from `now`.
    func wentStale(now: MonotonicTime) -> Bool {
        defer { staleDue = board.nextStaleTime(after: now) }
        guard let due = staleDue else { return false }
        return now >= due
    }

    /// `[{"id":…,"value":…|null,"stale":bool}]` for `list`; an unavailable variable is stale.
    public func json(now: MonotonicTime) -> JSON {
        .array(
            board.variables.map { v in
                .object([
                    ("id", .string(v.declaration.id)), ("value", v.value.json),
                    ("stale", .bool(board.isStale(v.declaration.id, at: now))),
                ])
            })
    }

    /// A socket value as "found …" says it.
    static func describe(_ raw: JSON) -> String {
        switch raw {
        case .string(let s): return "the string \(JSON.string(s.count > 40 ? String(s.prefix(40)) + "…" : s))"
        case .number(let d): return d.isFinite ? "the number \(raw)" : "a number that is not finite"
        case .array: return "an array"
        case .object: return "an object"
        default: return raw.description
        }
    }
}

extension Optional<TemplateValue> {
    /// The value as JSON for the socket, `null` when unset.
    public var json: JSON {
        switch self {
        case .number(let d)?: return .number(d)
        case .text(let s)?: return .string(s)
        case .pair(let a, let b)?: return .array([.number(a), .number(b)])
        case nil: return .null
        }
    }
}
