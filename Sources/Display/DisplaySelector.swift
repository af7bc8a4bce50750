import Core
import Platform
/// Which output the config asks for.
public enum DisplayBackendChoice: String, Sendable, CaseIterable {
    /// DRM, then fbdev, then headless.
    case automatic
    case drm, fbdev, headless
}

/// Everything the display part of the config says.
public struct DisplayConfig: Sendable {
    public var backend: DisplayBackendChoice
    public var drm: DRMOptions
    public var fbdevPath: String
    /// The canvas size of the headless display (used when it is chosen).
    public var headlessSize: PixelSize
    /// Applies to every output (DRM's own `rotation` is overridden by this one).
    public var rotation: DisplayRotation

    public init(
        backend: DisplayBackendChoice = .automatic, drm: DRMOptions = DRMOptions(),
        fbdevPath: String = "/dev/fb0", headlessSize: PixelSize = PixelSize(width: 800, height: 480),
        rotation: DisplayRotation = .deg0
    ) {
        self.backend = backend; self.drm = drm; self.fbdevPath = fbdevPath
        self.headlessSize = headlessSize; self.rotation = rotation
    }
}

/// Opens the output the config asks for, falling back from DRM to fbdev to headless when it
/// says `automatic`, and explains the choice in one log line.
public struct DisplaySelector {
    /// The chosen output and the log line that says which one and why the others were not used.
    public struct Selection {
        public let output: any DisplayOutput
        public let logLine: String

        /// Writes `logLine` to the log (a notice: which display the kiosk runs on is worth keeping).
        public func log() { Log.notice(logLine) }
    }

    /// How each kind is opened; replaceable so the fallback logic is tested without devices.
    public var openDRM: (DRMOptions) throws -> any DisplayOutput
    public var openFBDev: (String, DisplayRotation) throws -> any DisplayOutput
    public var makeHeadless: (PixelSize, DisplayRotation) -> any DisplayOutput

    /// A selector over the real devices.
    public init() {
        openDRM = { try DRMDisplay.open($0) }
        openFBDev = { try FBDevDisplay(path: $0, rotation: $1) }
        makeHeadless = { HeadlessDisplay(canvas: $0, rotation: $1) }
    }

    public init(
        openDRM: @escaping (DRMOptions) throws -> any DisplayOutput,
        openFBDev: @escaping (String, DisplayRotation) throws -> any DisplayOutput,
        makeHeadless: @escaping (PixelSize, DisplayRotation) -> any DisplayOutput
    ) {
        self.openDRM = openDRM; self.openFBDev = openFBDev; self.makeHeadless = makeHeadless
    }

    /// Opens the output. With a forced backend its error is thrown as is (a
    /// `DisplayError.isTransient` one means: wait and retry). With `automatic`, DRM and fbdev
    /// failures fall through to the next, except a transient DRM error (a card with nothing
    /// connected yet, or held by another program), which is thrown: the kiosk should wait for
    /// that card rather than settle for /dev/fb0, which on KMS systems is only the card's
    /// emulation and shows nothing more.
    public func select(_ config: DisplayConfig) throws -> Selection {
        var drmOptions = config.drm
        drmOptions.rotation = config.rotation
        switch config.backend {
        case .drm:
            let out = try openDRM(drmOptions)
            return Selection(output: out, logLine: "display: \(out.summary) (forced by config)")
        case .fbdev:
            let out = try openFBDev(config.fbdevPath, config.rotation)
            return Selection(output: out, logLine: "display: \(out.summary) (forced by config)")
        case .headless:
            let out = makeHeadless(config.headlessSize, config.rotation)
            return Selection(output: out, logLine: "display: \(out.summary) (forced by config)")
        case .automatic:
            let drmError: DisplayError
            do {
                let out = try openDRM(drmOptions)
                return Selection(output: out, logLine: "display: \(out.summary)")
            } catch let e as DisplayError where !e.isTransient { drmError = e }
            let fbError: DisplayError
            do {
                let out = try openFBDev(config.fbdevPath, config.rotation)
                return Selection(output: out, logLine: "display: \(out.summary); DRM not used: \(drmError)")
            } catch let e as DisplayError { fbError = e }
            let out = makeHeadless(config.headlessSize, config.rotation)
            return Selection(
                output: out, logLine: "display: \(out.summary); DRM not used: \(drmError); fbdev not used: \(fbError)")
        }
    }
}
