import Core
@testable import Controls

/// A delegate that records every callback, with what `isOpen` read during it.
final class RecordingSpinnerDelegate: SpinnerDelegate {
    var log: [String] = []
    var allowClose = true
    func spinner(_ spinner: Spinner, hasSelected item: SpinnerItem?) { log.append("selected \(item?.title ?? "nil")") }
    func spinner(_ spinner: Spinner, hasOpenedWith item: SpinnerItem?) { log.append("opened isOpen=\(spinner.isOpen)") }
    func spinner(_ spinner: Spinner, willCloseWith item: SpinnerItem?) -> Bool {
        log.append("willClose"); return allowClose
    }
    func spinner(_ spinner: Spinner, hasClosedWith item: SpinnerItem?) { log.append("closed isOpen=\(spinner.isOpen)") }
    func spinner(_ spinner: Spinner, singleValueSelected item: SpinnerItem) { log.append("single \(item.title)") }
}

enum SpinnerFixture {
    /// n items titled "0", "1", …
    static func items(_ n: Int) -> [SpinnerItem] { (0..<n).map { SpinnerItem(iconName: "icon\($0)", title: "\($0)") } }

    /// A 60×60 control centred in a 400×400 container: the wheel's R is 200, its centre (30,30) locally.
    static func wheel(_ n: Int = 12, selected: Int = 0, options: SpinnerPortOptions = SpinnerPortOptions()) -> Spinner {
        Spinner(
            id: "s", items: items(n), selectedIndex: selected, mode: -1,
            frame: Rect(x: 170, y: 170, width: 60, height: 60), containerSize: Size(400, 400), options: options)
    }

    /// A picker: 60×60 control at the bottom middle of a 400×800 container (R = 730, picker 700 tall).
    static func picker(_ n: Int = 30, selected: Int = 0) -> Spinner {
        Spinner(
            id: "p", items: items(n), selectedIndex: selected, mode: 1,
            frame: Rect(x: 170, y: 700, width: 60, height: 60), containerSize: Size(400, 800))
    }

    /// Local point on the wheel at `degrees` (screen angle) and `radius` from the disc centre.
    static func onWheel(_ s: Spinner, degrees: Double, radius: Double = 150) -> Point {
        Angle(degrees: degrees).point(center: s.discCenter, radius: radius)
    }
}

extension Spinner {
    /// A tap (down and up 0.05 s apart) at local `p`, then one loop turn.
    func tap(_ p: Point, at t: MonotonicTime) {
        _ = touchBegan(at: p, time: t)
        touchEnded(at: p, time: t + 0.05)
        _ = advance(to: t + 0.06)
    }

    /// Advances in steps of `dt` until `end` (inclusive), as a render loop would.
    func run(until end: MonotonicTime, from start: MonotonicTime, dt: Double) {
        var t = start
        while t < end { t = min(end, t + dt); _ = advance(to: t) }
    }

    /// Only the selection-related events, for compact comparisons.
    func drainIndices() -> [Int] {
        drainEvents().compactMap { if case .selectionChanged(let i) = $0 { return i } else { return nil } }
    }
}
