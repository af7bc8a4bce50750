import ConfigModel
import Controls
import Core

/// The model of an element that only shows something (a card, an image): it sits in the screen's
/// z-order like any control, so the router and the drawing treat every element alike, but it claims
/// no touch — a finger on it reaches nothing, as on the background — and never changes by itself.
class PassiveControl: ShowsOnly {
    let id: String
    let bounds: Rect
    let transform: Transform
    var isHidden = false

    init(id: String, bounds: Rect, transform: Transform) {
        self.id = id; self.bounds = bounds; self.transform = transform
    }

}

/// A model that only shows something: it claims no touch, never moves by itself and raises no event.
protocol ShowsOnly: TouchControl {}

extension ShowsOnly {
    func claims(_ p: Point) -> Bool { false }
    func touchBegan(at p: Point, time: MonotonicTime) -> Bool { false }
    func touchMoved(to p: Point, time: MonotonicTime) {}
    func touchEnded(at p: Point, time: MonotonicTime) {}
    func touchCancelled(time: MonotonicTime) {}
    func advance(to time: MonotonicTime) -> Bool { false }
    func drainEvents() -> [ControlEvent] { [] }
}

/// The damage of a look that never changes once drawn: its whole box the first time, afterwards only
/// when it is shown or hidden.
struct StillDamage {
    private var drawnHidden: Bool?

    mutating func collect(box: Rect, hidden: Bool) -> [Rect] {
        defer { drawnHidden = hidden }
        return drawnHidden == hidden ? [] : [box]
    }
}

extension Element {
    /// An element that holds no value (`value` is nil; setting one throws): cards, images.
    static func passive(
        _ c: ControlConfig, model: PassiveControl, imageNames: [String] = [],
        problem: ((MonotonicTime) -> String?)? = nil
    ) -> Element {
        Element(
            config: c, model: model, imageNames: imageNames, read: nil,
            write: { _, _ throws(Element.ValueError) in },  // never called: `setValue` refuses first
            describe: { _ in .of(model, points: []) }, problem: problem)
    }
}

/// The damage of a look drawn from a snapshot of its state: the box the first time; afterwards, when
/// the snapshot changed, the old box and the new one (none while hidden), or only the part that
/// changed when the look can say which. Most panel looks follow it.
struct SnapshotDamage<Snapshot: Equatable> {
    /// What was drawn last, nil before the first frame.
    private(set) var drawn: Snapshot?

    mutating func collect(
        _ now: Snapshot, hidden: (Snapshot) -> Bool, box: (Snapshot) -> Rect,
        changed: (Snapshot, Snapshot) -> Rect? = { _, _ in nil }
    ) -> [Rect] {
        defer { drawn = now }
        guard let old = drawn else { return hidden(now) ? [] : [box(now)] }
        if old == now { return [] }
        if !hidden(old), !hidden(now), let part = changed(old, now) { return [part] }
        return [hidden(old) ? nil : box(old), hidden(now) ? nil : box(now)].compactMap { $0 }
    }
}

/// A snapshot that says whether the element is hidden.
protocol LookSnapshot: Equatable {
    var hidden: Bool { get }
}

/// A look drawn from a snapshot of its element, with `SnapshotDamage`'s rule: conformers give the
/// snapshot and its box, and get `baseBounds`, `collectDamage` and `shown` (what to draw).
protocol SnapshotLook: Widget {
    associatedtype Snapshot: LookSnapshot
    var damage: SnapshotDamage<Snapshot> { get set }
    func snapshot(at time: MonotonicTime) -> Snapshot
    func box(_ s: Snapshot) -> Rect
    /// The box of what differs between two shown snapshots when that is less than the whole look (a
    /// toggle's switch, not its label), else nil: the damage is then `box` of both.
    func changedBox(from old: Snapshot, to new: Snapshot) -> Rect?
}

extension SnapshotLook {
    func baseBounds(at time: MonotonicTime) -> Rect { shown(at: time).map(box) ?? .zero }

    // A closure, not the key path `\.hidden`: in this generic context the runtime builds the key path
    // object again on every call (resolving its types by name), which cost most of a drag frame.
    func collectDamage(at time: MonotonicTime) -> [Rect] {
        damage.collect(snapshot(at: time), hidden: { $0.hidden }, box: box, changed: changedBox)
    }

    func changedBox(from old: Snapshot, to new: Snapshot) -> Rect? { nil }

    /// What the frame shows: the snapshot collectDamage took (so pixels match the damage), nil while hidden.
    func shown(at time: MonotonicTime) -> Snapshot? {
        let s = damage.drawn ?? snapshot(at: time)
        return s.hidden ? nil : s
    }
}

/// A snapshot that knows the frame its look is drawn in.
protocol FramedSnapshot: LookSnapshot {
    var transform: Transform { get }
    var bounds: Rect { get }
}

/// A look that changes in place within a fixed frame (a roller rolling, a code given a new text): its
/// box is its frame's, and a change that keeps the frame damages that box once, not the same box
/// twice (`SnapshotDamage` would otherwise send the old box and the new one).
protocol InPlaceLook: SnapshotLook where Snapshot: FramedSnapshot {}

extension InPlaceLook {
    func box(_ s: Snapshot) -> Rect { DamageBox.of(s.bounds, s.transform) }

    func changedBox(from old: Snapshot, to new: Snapshot) -> Rect? {
        old.bounds == new.bounds && old.transform == new.transform ? box(new) : nil
    }
}
