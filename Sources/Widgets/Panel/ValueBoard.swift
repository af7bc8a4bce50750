import Controls
import Core

/// The values panel text reads: the config's variables (set by other programs through the kiosk) and,
/// through a lookup the kiosk provides, the values of controls — also of controls on other screens.
/// The runtime writes it; labels and readouts read it while they draw. Time is always passed in: a
/// variable is stale from `stale_after` seconds after it was last set.
///
/// Not thread-safe: one per kiosk loop, like the screen it serves.
public final class ValueBoard {
    /// What a variable holds.
    public enum VariableType: String, Hashable, Sendable { case number, text }

    /// A variable as the config declares it.
    public struct Declaration: Hashable, Sendable {
        public var id: String
        public var type: VariableType
        /// Seconds after a set when the value counts as stale; nil: never.
        public var staleAfter: Double?
        /// The value at start (set at the board's creation time), or nil: no value until set.
        public var initial: TemplateValue?

        public init(id: String, type: VariableType = .number, staleAfter: Double? = nil, initial: TemplateValue? = nil)
        {
            self.id = id; self.type = type; self.staleAfter = staleAfter; self.initial = initial
        }
    }

    /// A variable now.
    public struct Variable: Hashable, Sendable {
        public var declaration: Declaration
        /// Nil until set.
        public var value: TemplateValue?
        /// When it was last set.
        public var setAt: MonotonicTime?

        /// Whether a value is older than the declaration allows at `time` (a variable with no value is
        /// not stale: it already shows `—`).
        public func isStale(at time: MonotonicTime) -> Bool {
            guard let limit = staleDeadline else { return false }
            return time >= limit
        }

        /// When the current value becomes stale, or nil (no value, or no `stale_after`).
        public var staleDeadline: MonotonicTime? {
            guard value != nil, let setAt, let after = declaration.staleAfter else { return nil }
            return setAt + after
        }
    }

    /// The variables in declaration order.
    public private(set) var variables: [Variable]
    private var index: [String: Int]
    /// The value of a control by id (the kiosk reads the shown screen, then saved values, then the
    /// config); nil when there is none.
    public var controlValue: (String) -> StoredValue?
    /// The recent samples of the names charts show: kept with the board, so every screen's charts
    /// read the same history, and handed on to the board of a reloaded config.
    public let history: SampleHistory

    /// A board with `declarations`, their initial values set at `time`, and `history`.
    public init(
        declarations: [Declaration] = [], time: MonotonicTime = 0, history: SampleHistory = SampleHistory(),
        controlValue: @escaping (String) -> StoredValue? = { _ in nil }
    ) {
        self.history = history
        variables = declarations.map { d in
            Variable(declaration: d, value: d.initial, setAt: d.initial == nil ? nil : time)
        }
        index = Dictionary(
            declarations.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        self.controlValue = controlValue
    }

    /// The variable called `id`, or nil.
    public func variable(_ id: String) -> Variable? { index[id].map { variables[$0] } }

    /// Sets variable `id` (declared, of its type: the kiosk validates before) at `time`; refreshes its
    /// staleness even when the value is the same. False when no such variable is declared.
    @discardableResult
    public func set(_ id: String, _ value: TemplateValue?, at time: MonotonicTime) -> Bool {
        guard let i = index[id] else { return false }
        variables[i].value = value
        variables[i].setAt = value == nil ? nil : time
        return true
    }

    /// The local wall time, in seconds since 1970 in the panel's time zone, to the minute: set by the
    /// kiosk when the minute changes (`{now}` in templates). Nil until set (templates show `—`).
    public var wallClock: Double?
    /// Month and weekday names for `{now:…}` (`[display] locale`).
    public var clockNames = WallClockText.Names.of(locale: "en")

    /// The value a template shows for `name`: a variable's, else the control's.
    public func value(of name: String) -> TemplateValue? {
        if let i = index[name] { return variables[i].value }
        switch controlValue(name) {
        case .single(let d)?: return .number(d)
        case .pair(let a, let b)?: return .pair(a, b)
        // A control or variable called `now` keeps its name; otherwise it is the wall time.
        case nil: return name == WallClockText.name ? wallClock.map { .number($0) } : nil
        }
    }

    /// Whether the value of `name` is not current at `time`: a variable older than its `stale_after`,
    /// or a name whose source is unavailable (`isUnavailable`). The one rule text dims by.
    public func isStale(_ name: String, at time: MonotonicTime) -> Bool {
        isUnavailable(name) || (index[name].map { variables[$0].isStale(at: time) } ?? false)
    }

    /// The variables and controls whose source is unavailable now (an entity HA does not know, a link
    /// that is down): what they show is their last value, which may no longer be true.
    public private(set) var unavailable: Set<String> = []

    /// Marks `name` unavailable or available again; true when that changed.
    @discardableResult
    public func setAvailable(_ name: String, _ available: Bool) -> Bool {
        available ? unavailable.remove(name) != nil : unavailable.insert(name).inserted
    }

    /// Whether the source of `name` is unavailable.
    public func isUnavailable(_ name: String) -> Bool { !unavailable.isEmpty && unavailable.contains(name) }

    /// Whether `template` reads a name that is unavailable (`own`, the dial's own value, aside).
    public func readsUnavailable(_ template: TextTemplate, ownName: String? = nil) -> Bool {
        !unavailable.isEmpty && template.names.contains { $0 != ownName && unavailable.contains($0) }
    }

    /// How a text showing an unavailable value starts: the "not available" sign (a slashed ring) in
    /// the text's dimmed colour, so a person sees the value is not live even where the text is short.
    public static let unavailableMarker = InlineIcon.encode(InlineIcon.unavailable) + " "

    /// The earliest moment after `time` at which a variable becomes stale, or nil: the runtime sleeps
    /// until then, so the labels showing it dim without polling.
    public func nextStaleTime(after time: MonotonicTime) -> MonotonicTime? {
        variables.compactMap(\.staleDeadline).filter { $0 > time }.min()
    }

    /// `template` for the current values, and whether any name it reads is stale at `time`.
    /// `own` is what `ownName` (a dial readout's `value`) stands for, ahead of the board's names.
    public func render(
        _ template: TextTemplate, at time: MonotonicTime, ownName: String? = nil,
        own: TemplateValue? = nil
    ) -> (text: String, stale: Bool) {
        var fresh = RenderedText()
        return render(template, at: time, ownName: ownName, own: own, reusing: &fresh)
    }

    /// The same, writing the text again only when a value the template reads differs from the ones
    /// `last` was written from: labels ask every frame whether their text changed, and a frame
    /// usually changes none of their values. `last` is updated to this rendering.
    public func render(
        _ template: TextTemplate, at time: MonotonicTime, ownName: String? = nil,
        own: TemplateValue? = nil, reusing last: inout RenderedText
    ) -> (text: String, stale: Bool) {
        let names = template.names
        var changed = last.values.count != names.count
        if changed { last.values = Array(repeating: nil, count: names.count) }
        for (i, name) in names.enumerated() {
            let v = name == ownName ? own : value(of: name)
            if changed || last.values[i] != v { last.values[i] = v; changed = true }
        }
        if changed || !last.isWritten {
            let values = last.values
            last.text = template.render(
                { name in names.firstIndex(of: name).flatMap { values[$0] } }, clockNames: clockNames)
            last.isWritten = true
        }
        let stale = names.contains { $0 != ownName && isStale($0, at: time) }
        return (last.text, stale)
    }
}

/// A template's last text and the values it was written from (in the order of the template's
/// `names`), kept by the element showing it so an unchanged frame does not write the text again.
public struct RenderedText: Sendable {
    var values: [TemplateValue?] = []
    var text = ""
    var isWritten = false

    /// Nothing written yet.
    public init() {}
}
