import ConfigLoading
import Controls
import Core
import Platform
import Raster
import Widgets

/// A page swipe in progress (`[navigation] swipe`): the pure `PageSwipe`, the shown page as it was
/// when the swipe began, and the neighbours drawn once each when they first come into view. Its
/// screen-sized bitmaps live as long as the swipe: a panel that is not swiping holds none
/// (`KioskApp.keepLargeAllocationsMapped` makes them go back to the system when it ends).
final class PageTurn {
    var swipe: PageSwipe
    /// The shown page's pixels when the page began to follow the finger.
    var page: Bitmap?
    /// The neighbour screens built and drawn, by direction (+1 next, −1 previous).
    var neighbours: [Int: (screen: KioskScreen, pixels: Bitmap)] = [:]
    /// The offset of the last frame composed, so a finger that did not move costs no frame.
    var shownOffset: Int?

    init(swipe: PageSwipe) { self.swipe = swipe }
}

extension KioskRuntime {
    /// How far a flicked page must travel to turn: far enough that a sloppy tap or a short slide is not one.
    static let swipeMillimetres = 15.0
    /// How far a finger travels before the page follows it (or, travelling steeply, never does).
    static let swipeSlopMillimetres = 3.0
    /// How fast a flick that turns the page is, in millimetres per second.
    static let flickMillimetresPerSecond = 100.0
    /// The most a first or last page stretches towards the side with no page, as a part of the width.
    static let overshootFraction = 0.06

    /// Lets a horizontal swipe on no control page through the screens (`[navigation] swipe`).
    func attachSwipes() {
        guard config.navigation.swipe, config.screens.count > 1 else { screen.router.onSwipe = nil; return }
        screen.router.onSwipe = { [unowned self] sample, time in swiped(sample, time: time) }
    }

    /// The swipe's settings on this panel: millimetres in pixels at the screen's scale.
    func swipeSettings() -> PageSwipe.Settings {
        let pixelsPerMM = screen.scale / Scale.millimetresPerPoint
        let width = Double(presenter.bitmap.width)
        return PageSwipe.Settings(
            width: width, slop: KioskRuntime.swipeSlopMillimetres * pixelsPerMM,
            flickDistance: KioskRuntime.swipeMillimetres * pixelsPerMM,
            flickSpeed: KioskRuntime.flickMillimetresPerSecond * pixelsPerMM,
            overshoot: KioskRuntime.overshootFraction * width)
    }

    /// One sample of the finger that went down on no control.
    private func swiped(_ sample: TouchRouter.SwipeSample, time: MonotonicTime) {
        switch sample {
        case .moved(let d):
            if pageTurn == nil {
                let swipe = PageSwipe(
                    settings: swipeSettings(), hasPrevious: pages.current > 0,
                    hasNext: pages.current + 1 < config.screens.count)
                pageTurn = PageTurn(swipe: swipe)
            }
            guard let turn = pageTurn, turn.swipe.moved(d, time: time) else { break }
            // The page leaves its place: fingers on controls let go of them (cancelled, not released), and
            // the frame on the panel is kept as the page that slides.
            screen.router.cancelAll(time: time)
            turn.page = copy(of: presenter.bitmap)
        case .ended(let d):
            pageTurn?.swipe.ended(d, time: time)
        case .cancelled:
            pageTurn?.swipe.cancelled(time: time)
        }
        // A finger still down keeps its swipe (one that declined stays declined until it lifts); a lift
        // that left the page in place ends it.
        if let turn = pageTurn, !isDown(sample), !turn.swipe.isActive { pageTurn = nil }
    }

    /// Ends a settled swipe: the neighbour it settled on is shown (the screen drawn beside the page), or
    /// the page is drawn again in its place. True while a page settles.
    func advancePageTurn(now: MonotonicTime) -> Bool {
        guard let turn = pageTurn else { return false }
        guard let outcome = turn.swipe.advance(to: now) else {
            if case .settling = turn.swipe.phase { return true }
            return false
        }
        pageTurn = nil
        switch outcome {
        case .stayed: presenter.invalidate(.everything)
        case .turned(let direction):
            let target = pages.current + direction
            services.state.flushPending()
            show(screenIndex: target, time: now, remember: true, prepared: turn.neighbours[direction]?.screen)
        }
        return false
    }

    /// Presents the sliding page's frame at `now`, if a page slides; true then (the screen is not drawn).
    func slidePageTurn(now: MonotonicTime) -> Bool {
        guard let turn = pageTurn, turn.swipe.isActive, let page = turn.page else { return false }
        let offset = Int(turn.swipe.offset(at: now).rounded())
        guard offset != turn.shownOffset else { presenter.discardPendingLatency(); return true }
        let side = turn.swipe.neighbour(at: now)
        var neighbour: Bitmap?
        if side != 0 {
            if turn.neighbours[side] == nil {
                let built = prepareScreen(pages.current + side, time: now)
                let pixels = Bitmap(width: page.width, height: page.height, format: page.format)
                _ = built.render(into: pixels.canvas, full: true, time: now)
                turn.neighbours[side] = (built, pixels)
            }
            neighbour = turn.neighbours[side]?.pixels
        }
        turn.shownOffset = offset
        presenter.presentComposed {
            PageSlide.compose(
                into: $0, page: page, neighbour: neighbour, offset: offset, fill: screen.view.background,
                fixedRows: navigationBarRows(height: page.height))
        }
        return true
    }

    /// The pixel rows of the navigation bar every page shows (`[navigation] bar`): it stays put while
    /// the pages slide under it.
    private func navigationBarRows(height: Int) -> Range<Int> {
        let bar = Int((NavBarKind.height * screen.scale).rounded())
        switch config.navigation.bar {
        case .none: return 0..<0
        case .top: return 0..<min(bar, height)
        case .bottom: return max(0, height - bar)..<height
        }
    }

    private func isDown(_ sample: TouchRouter.SwipeSample) -> Bool {
        if case .moved = sample { return true }
        return false
    }

    private func copy(of bitmap: Bitmap) -> Bitmap {
        let made = Bitmap(width: bitmap.width, height: bitmap.height, format: bitmap.format)
        made.pixels.update(from: bitmap.pixels, count: bitmap.width * bitmap.height)
        return made
    }
}
