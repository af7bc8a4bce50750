import Core
/// Bookkeeping for one to three scan-out buffers: which one the panel shows, which one waits for
/// a flip, which may be written, and what each one misses of the current canvas.
///
/// Every buffer keeps its own accumulated damage: all canvas changes since that buffer was last
/// brought up to date. Writing a buffer copies only its own damage, so with two or three buffers
/// a small change costs a small copy, and nothing is ever read back from scan-out memory.
/// Pure state: the outputs do the copying and the ioctls and report back here.
public struct SwapChain: Sendable {
    /// Where a buffer is in its life.
    public enum State: Sendable, Equatable {
        /// Not shown and not promised to the kernel: may be written.
        case free
        /// Written and complete, waiting for the pending flip to finish before it is shown.
        /// May be written again (the newer frame replaces it: latest frame wins).
        case ready
        /// Handed to the kernel in a page flip that has not completed: must not be touched.
        case flipPending
        /// Being scanned out.
        case onScreen
    }

    public private(set) var states: [State]
    private var damage: [DamageRegion]

    /// A chain of `bufferCount` buffers over a canvas `bounds`; every buffer starts fully damaged
    /// (its contents are unknown).
    public init(bufferCount: Int, bounds: PixelRect) {
        precondition((1...3).contains(bufferCount), "SwapChain: 1 to 3 buffers")
        states = Array(repeating: .free, count: bufferCount)
        damage = Array(repeating: DamageRegion(bounds: bounds), count: bufferCount)
        for i in damage.indices { damage[i].addAll() }
    }

    public var bufferCount: Int { states.count }
    /// The buffer being scanned out, if any.
    public var onScreen: Int? { states.firstIndex(of: .onScreen) }
    /// True while a page flip is in flight.
    public var flipPending: Bool { states.contains(.flipPending) }

    /// Records canvas changes: every buffer now misses them.
    public mutating func addDamage(_ rects: [PixelRect]) {
        for i in damage.indices { damage[i].add(rects) }
    }

    /// Marks every buffer fully damaged (after another program may have drawn into them).
    public mutating func addFullDamage() {
        for i in damage.indices { damage[i].addAll() }
    }

    /// What buffer `index` misses, without clearing it.
    public func pendingDamage(of index: Int) -> [PixelRect] { damage[index].rects }

    /// The buffer to write the next frame into, or nil when all are shown or promised to the
    /// kernel (then wait for the flip event). A ready buffer is reused first (its frame was never
    /// shown); otherwise the free buffer with the least to copy. A single buffer is always
    /// writable: it is drawn while on screen, and tears.
    public var writableBuffer: Int? {
        if bufferCount == 1 { return states[0] == .flipPending ? nil : 0 }
        if let r = states.firstIndex(of: .ready) { return r }
        return states.indices.filter { states[$0] == .free }
            .min { damage[$0].totalArea < damage[$1].totalArea }
    }

    /// Returns what buffer `index` misses and forgets it: the caller is about to copy exactly that.
    public mutating func takeDamage(of index: Int) -> [PixelRect] { damage[index].take() }

    /// Buffer `index` now holds the whole current canvas.
    public mutating func markReady(_ index: Int) {
        precondition(states[index] != .flipPending, "SwapChain: buffer \(index) is promised to a flip")
        if states[index] != .onScreen { states[index] = .ready }
    }

    /// The ready buffer to hand to the kernel now, or nil when there is none or a flip is in flight.
    public var bufferToShow: Int? { flipPending ? nil : states.firstIndex(of: .ready) }

    /// Buffer `index` was handed to the kernel in a page flip with an event.
    public mutating func flipSubmitted(_ index: Int) {
        precondition(states[index] == .ready && !flipPending, "SwapChain: bad flip of buffer \(index)")
        states[index] = .flipPending
    }

    /// The pending flip completed: its buffer is on screen, the previous one is free. Returns
    /// false when no flip was pending (a late event after a pause; ignore it).
    @discardableResult
    public mutating func flipCompleted() -> Bool {
        guard let p = states.firstIndex(of: .flipPending) else { return false }
        if let old = onScreen { states[old] = .free }
        states[p] = .onScreen
        return true
    }

    /// Buffer `index` went on screen at once (SetCrtc, fbdev pan, headless).
    public mutating func shownImmediately(_ index: Int) {
        precondition(states[index] != .flipPending, "SwapChain: buffer \(index) is promised to a flip")
        if let old = onScreen, old != index { states[old] = .free }
        states[index] = .onScreen
    }

    /// Forgets flips in flight (after a pause, their events may never matter): pending and ready
    /// buffers become free, and every buffer is fully damaged, since another program may have
    /// drawn while we were away. The on-screen buffer stays marked so it is not written first.
    public mutating func resetAfterPause() {
        for i in states.indices where states[i] != .onScreen { states[i] = .free }
        addFullDamage()
    }
}
