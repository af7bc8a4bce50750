import Core

/// A horizontal page swipe that follows the finger and settles with the controls' spring:
/// pure, driven by the displacement of one contact from where it went down and by the time passed in.
///
/// The offset is how far the shown page has moved right, in pixels: negative while the next page
/// slides in from the right, positive while the previous one slides in from the left. A finger that
/// first travels `slop` mostly sideways starts the swipe and from then on the page moves with it, one
/// to one; one that first travels steeply is not a page swipe (vertical swipes are reserved). On the
/// lift the page settles to the neighbour when it moved past `commitFraction` of the width, or was
/// flicked faster than `flickSpeed` over at least `flickDistance`; otherwise it settles back. Towards
/// a side with no page it stretches by at most `overshoot` and always settles back.
public struct PageSwipe: Sendable {
    /// Distances and speeds, in the panel's pixels.
    public struct Settings: Hashable, Sendable {
        /// The page's width: how far a turned page travels.
        public var width: Double
        /// How far a finger travels before it is a swipe or not (mostly sideways: a swipe).
        public var slop: Double
        /// The least travel of a flick that turns the page.
        public var flickDistance: Double
        /// The least speed (pixels per second, towards the neighbour) of a flick that turns the page.
        public var flickSpeed: Double
        /// The most a page with no neighbour on that side stretches.
        public var overshoot: Double
        /// The part of the width past which a released page turns.
        public var commitFraction = 1.0 / 3

        /// Settings for a page `width` pixels wide, distances in pixels.
        public init(width: Double, slop: Double, flickDistance: Double, flickSpeed: Double, overshoot: Double) {
            self.width = width; self.slop = slop; self.flickDistance = flickDistance
            self.flickSpeed = flickSpeed; self.overshoot = overshoot
        }
    }

    /// How a swipe ended once it settled.
    public enum Outcome: Hashable, Sendable {
        /// The next page (+1) or the previous one (−1) is shown.
        case turned(Int)
        /// The page came back.
        case stayed
    }

    /// Where the swipe is.
    public enum Phase: Hashable, Sendable {
        /// No finger, or one that has not travelled `slop` yet.
        case idle
        /// The finger travelled steeply first: this contact is not a page swipe.
        case declined
        /// The page follows the finger.
        case following
        /// The finger lifted; the page springs to `target` (−1: next page shown, 0: back, +1: previous).
        case settling(ScalarAnimation, target: Int)
    }

    public let settings: Settings
    /// Whether there is a previous page (left) and a next page (right) in the navigation order.
    public let hasPrevious: Bool, hasNext: Bool
    public private(set) var phase = Phase.idle
    private var tracker = VelocityTracker()
    /// The offset while following.
    private var followed = 0.0
    /// The finger's displacement when following began minus the slop: the page moves from there.
    private var origin = 0.0

    /// How long the page's spring takes to come to rest (seconds). The spring is critically damped, like
    /// the spinner's closing springs, so a page never swings past where it stops; its starting speed is
    /// the finger's.
    public static let settleDuration = 0.3

    /// A swipe over a page with the given neighbours.
    public init(settings: Settings, hasPrevious: Bool, hasNext: Bool) {
        self.settings = settings; self.hasPrevious = hasPrevious; self.hasNext = hasNext
    }

    /// True while the page is off its place: following the finger or settling. Touches on controls are
    /// not delivered meanwhile.
    public var isActive: Bool {
        switch phase {
        case .following, .settling: true
        case .idle, .declined: false
        }
    }

    /// The finger moved to `displacement` from where it went down. Returns true when this sample
    /// started the swipe (the page leaves its place).
    @discardableResult
    public mutating func moved(_ displacement: Vector, time: MonotonicTime) -> Bool {
        switch phase {
        case .declined, .settling: return false
        case .idle:
            guard displacement.length >= settings.slop else { return false }
            guard abs(displacement.dx) > 2 * abs(displacement.dy) else { phase = .declined; return false }
            phase = .following
            origin = displacement.dx < 0 ? -settings.slop : settings.slop
            tracker.reset()
            tracker.add(Point(displacement.dx, 0), time: time)
            followed = stretched(displacement.dx - origin)
            return true
        case .following:
            tracker.add(Point(displacement.dx, 0), time: time)
            followed = stretched(displacement.dx - origin)
            return false
        }
    }

    /// The finger lifted at `displacement`: the page starts to settle (nothing happens unless it was
    /// following).
    public mutating func ended(_ displacement: Vector, time: MonotonicTime) {
        guard case .following = phase else { phase = .idle; return }
        moved(displacement, time: time)
        let speed = tracker.velocity.dx
        let width = settings.width
        var target = 0
        if followed <= -width * settings.commitFraction && hasNext { target = -1 }
        if followed >= width * settings.commitFraction && hasPrevious { target = 1 }
        if target == 0, abs(displacement.dx) >= settings.flickDistance, abs(speed) >= settings.flickSpeed {
            if speed < 0 && displacement.dx < 0 && hasNext { target = -1 }
            if speed > 0 && displacement.dx > 0 && hasPrevious { target = 1 }
        }
        settle(to: target, speed: speed, time: time)
    }

    /// The contact was taken away: the page settles back.
    public mutating func cancelled(time: MonotonicTime) {
        guard case .following = phase else { phase = .idle; return }
        settle(to: 0, speed: 0, time: time)
    }

    /// The page's offset at `time`, in pixels (0 when in place).
    public func offset(at time: MonotonicTime) -> Double {
        switch phase {
        case .idle, .declined: 0
        case .following: followed
        case .settling(let a, _): a.value(at: time)
        }
    }

    /// Which neighbour the offset shows at `time`: +1 the next page (the page moved left), −1 the
    /// previous one, 0 none (in place, or stretched towards a side with no page).
    public func neighbour(at time: MonotonicTime) -> Int {
        let x = offset(at: time)
        if x < 0 && hasNext { return 1 }
        if x > 0 && hasPrevious { return -1 }
        return 0
    }

    /// Ends a settling page once its spring is at rest at `time`; returns how it ended then, nil before.
    public mutating func advance(to time: MonotonicTime) -> Outcome? {
        guard case .settling(let a, let target) = phase, a.isFinished(at: time) else { return nil }
        phase = .idle
        return target == 0 ? .stayed : .turned(-target)
    }

    /// The finger's travel as the page shows it: one to one towards a neighbour, and towards a side with
    /// no page a stretch that approaches `overshoot` and never passes it.
    private func stretched(_ dx: Double) -> Double {
        if dx < 0 && hasNext { return max(dx, -settings.width) }
        if dx > 0 && hasPrevious { return min(dx, settings.width) }
        let limit = settings.overshoot, d = abs(dx)
        guard limit > 0 else { return 0 }
        return (dx < 0 ? -1 : 1) * limit * d / (d + limit)
    }

    private mutating func settle(to target: Int, speed: Double, time: MonotonicTime) {
        let from = followed, to = Double(target) * settings.width
        let distance = to - from
        // The spring's speed is in whole travels per second; towards the target only, and no faster than
        // its natural frequency, so the critically damped spring does not pass the target.
        let probe = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: PageSwipe.settleDuration)
        let travels = abs(distance) < 0.5 ? 0 : speed / distance
        let v = min(max(travels, 0), probe.naturalFrequency)
        let spring = SpringCurve(dampingRatio: 1, initialVelocity: v, duration: PageSwipe.settleDuration)
        phase = .settling(ScalarAnimation(from: from, to: to, start: time, spring: spring), target: target)
    }
}
