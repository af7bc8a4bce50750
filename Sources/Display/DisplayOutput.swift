import Core
import Glibc

/// Which kind of output a `DisplayOutput` is.
public enum DisplayKind: String, Sendable, CaseIterable {
    case drm, fbdev, headless
    /// A desktop window: the simulator's (Sources/Simulator).
    case window
}

/// What `present` did with a frame.
public enum PresentOutcome: Sendable, Equatable {
    /// Copied and handed to the panel (page flip or mode set submitted, fbdev page panned,
    /// headless copy taken).
    case shown
    /// Copied into a buffer that goes on screen by itself when the pending flip completes
    /// (inside `handleEvents()`); nothing more to do.
    case queued
    /// Nothing copied: every buffer is on screen or promised to the kernel. The damage is kept;
    /// call `present` again (an empty damage list is enough) once `handleEvents()` reports a
    /// completed flip.
    case deferred
    /// The output is paused (VT switched away, or DRM master lost to another program). The damage
    /// is kept; everything is repainted by the first present after `resume()`. When the kiosk did
    /// not call `pause()` itself, master was lost: retry `resume()` on a timer.
    case paused
}

/// A panel (or stand-in) that shows the renderer's XRGB8888 canvas.
///
/// Usage from the kiosk's single-threaded loop: draw into the canvas, then
/// `present(frame, damage:)`; if `pollDescriptor` is not nil, add it to epoll and call
/// `handleEvents()` when it is readable; when that returns true and the last present was
/// `.deferred`, present again. Frame pacing must come from the kiosk's own timer, never from the
/// flip events: on virtio-gpu they arrive at once, not once per vblank.
public protocol DisplayOutput: AnyObject {
    /// DRM, fbdev, headless or a desktop window.
    var kind: DisplayKind { get }
    /// One line for the log: device, connector, mode, format, buffers, rotation.
    var summary: String { get }
    /// The size of the canvas to draw, in pixels, upright (rotation already undone).
    var canvasSize: PixelSize { get }
    /// The canvas's physical size in millimetres, upright, when the panel reports it.
    var physicalSizeMM: PixelSize? { get }
    /// The quarter turn applied while copying the canvas to the panel.
    var rotation: DisplayRotation { get }
    /// A file descriptor to watch for readability (DRM page-flip events), or nil.
    var pollDescriptor: Int32? { get }
    /// True while paused: `present` only records damage.
    var isPaused: Bool { get }

    /// Shows `frame` (which must be `canvasSize`), copying only what changed since each buffer was
    /// last written: `damage` lists the canvas rectangles redrawn since the previous call. The
    /// frame's pointer is used only during the call. A thrown error means the output is unusable
    /// (e.g. the panel was unplugged): close it and select again, which waits on
    /// `DisplayError.noConnectedDisplay` until a panel is back.
    func present(_ frame: SourceFrame, damage: [PixelRect]) throws -> PresentOutcome
    /// Reads pending events from `pollDescriptor`. Returns true when a buffer became free, so a
    /// `.deferred` frame can now be presented.
    func handleEvents() throws -> Bool
    /// Gives the panel up (VT switched away, another program takes over): stops presenting.
    func pause() throws
    /// Takes the panel back; present soon after (an empty damage list is enough): the next present
    /// repaints everything. DRM throws `DisplayError.displayBusy` while another program holds
    /// master: retry later.
    func resume() throws
    /// Restores what was on the panel before and releases every resource. Idempotent.
    func close()
    /// After a hotplug event (`HotplugMonitor`): whether the panel in use went away, came back or now
    /// offers other modes. Outputs without connectors always answer `.unchanged`.
    func checkConnector() throws -> ConnectorChange
    /// Page flips submitted so far, which numbers them (DRM); 0 where taking a frame shows it.
    var flipsSubmitted: UInt64 { get }
    /// The latest page flip whose completion event arrived, and the moment the kernel says it
    /// completed (CLOCK_MONOTONIC); nil before the first one and on outputs without flips.
    var lastCompletedFlip: CompletedFlip? { get }
}

/// A page flip the kernel reported complete: its number (`flipsSubmitted` when it was submitted) and time.
public struct CompletedFlip: Equatable, Sendable {
    public var serial: UInt64
    public var time: MonotonicTime
    public init(serial: UInt64, time: MonotonicTime) { self.serial = serial; self.time = time }
}

extension DisplayOutput {
    /// Outputs without page-flip events (fbdev, headless) show a frame when they take it.
    public var flipsSubmitted: UInt64 { 0 }
    public var lastCompletedFlip: CompletedFlip? { nil }
}

/// Why an output could not be opened or used.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// A card or framebuffer exists but no display is connected to it: wait and retry (a panel
    /// plugged in later is picked up by the retry).
    case noConnectedDisplay(device: String)
    /// No usable device of this kind at all (no /dev/dri/card*, no /dev/fb0).
    case noDevice(String)
    /// The device exists but cannot do what we need (no dumb buffers, unsupported pixel format).
    case unsupported(device: String, reason: String)
    /// Another program holds DRM master (a compositor, another kiosk): wait and retry.
    case displayBusy(device: String)
    /// A system call failed.
    case systemCall(device: String, call: String, errno: Int32)
    /// The config asks for something impossible (mode not offered, bad mode string).
    case badConfiguration(String)

    public var description: String {
        switch self {
        case .noConnectedDisplay(let d): return "\(d): no display connected (check the cable and power)"
        case .noDevice(let what): return what
        case .unsupported(let d, let reason): return "\(d): \(reason)"
        case .displayBusy(let d): return "\(d): another program holds the display (DRM master)"
        case .systemCall(let d, let call, let e):
            let hint = e == EACCES || e == EPERM ? " (is the user in the 'video' group?)" : ""
            return "\(d): \(call) failed: \(errnoText(e))\(hint)"
        case .badConfiguration(let what): return what
        }
    }

    /// True for errors the kiosk should answer by waiting and retrying.
    public var isTransient: Bool {
        switch self {
        case .noConnectedDisplay, .displayBusy: return true
        default: return false
        }
    }
}
