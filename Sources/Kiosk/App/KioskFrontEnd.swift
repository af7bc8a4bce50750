import ConfigLoading
import Core
import Display
import Platform
import Raster

/// A front end the kiosk loop drives in place of the panel's devices: its own display and its own
/// source of touches. The desktop simulator's window is one (Sources/Simulator); the kiosk core never
/// knows what is behind it.
public protocol KioskFrontEnd: AnyObject {
    /// Where the kiosk draws: the front end's display, opened before the kiosk starts.
    var display: any DisplayOutput { get }
    /// Called once, after the first frame is drawn and before the loop runs.
    func attach(to kiosk: any KioskHandle)
    /// Called on every loop turn, before the kiosk draws; returns when the front end wants the next
    /// turn at the latest (nil: only when a descriptor wakes the loop).
    func turn(now: MonotonicTime) -> MonotonicTime?
    /// Called once after the loop stopped, before the display is closed.
    func detach()
}

/// What a front end may do with the running kiosk: the command API, and what only a front end that is
/// the panel's display and touch source needs.
public protocol KioskHandle: KioskAPI {
    /// Routes touches as a touch panel would (screen pixels; the idle controller may swallow a wake tap).
    func inject(_ frame: TouchFrame)
    /// The config file the kiosk runs.
    var configPath: String { get }
    /// The files the running config names (images and fonts), resolved.
    var configFiles: [String] { get }
    /// The touchable elements of the shown screen, in canvas pixels.
    var touchTargets: [TouchTarget] { get }
    /// The frame the kiosk drew last (canvas size, XRGB8888): what a screenshot shows.
    var currentFrame: Bitmap { get }
    /// Asks for the whole screen to be drawn again on this turn (for measuring a full frame).
    func redrawEverything()
    /// Asks the loop to stop; the kiosk saves and returns exit status 0.
    func requestStop()
}

/// One touchable element of the shown screen.
public struct TouchTarget: Equatable, Sendable {
    public var id: String
    /// Its frame in canvas pixels.
    public var frame: Rect
    /// Smaller than a finger (`Scale.minimumHitMillimetres`) either way on this panel.
    public var tooSmall: Bool
}
