import ConfigLoading
import Core
import Display
import Input

extension KioskConfig {
    /// The Display module's options from the `[display]` section.
    public func displayOptions(forceHeadless: Bool) -> Display.DisplayConfig {
        let d = display
        var backend: DisplayBackendChoice =
            switch d.backend {
            case .auto: .automatic
            case .drm: .drm
            case .fbdev: .fbdev
            case .headless: .headless
            }
        if forceHeadless { backend = .headless }
        var drm = DRMOptions()
        if d.device?.hasPrefix("/dev/dri/") == true { drm.cardPath = d.device }
        drm.mode = d.mode.flatMap { try? ModeRequest(parsing: $0) }
        drm.format = d.rgb565 ? .rgb565 : .xrgb8888
        let fbPath = d.device.flatMap { $0.hasPrefix("/dev/fb") ? $0 : nil } ?? "/dev/fb0"
        return Display.DisplayConfig(
            backend: backend, drm: drm, fbdevPath: fbPath, headlessSize: d.headlessSize,
            rotation: DisplayRotation(rawValue: d.rotation) ?? .deg0)
    }

    /// The input hub's settings from the `[input]` section, for a canvas of `canvas` pixels.
    public func inputConfiguration(
        canvas: PixelSize, calibration override: CalibrationMatrix? = nil
    ) -> InputHubConfiguration {
        InputHubConfiguration(
            displaySize: Size(Double(canvas.width), Double(canvas.height)),
            criteria: [DeviceCriterion(parsing: input.device) ?? .automatic],
            calibration: override ?? CalibrationMatrix(values: input.calibration) ?? .identity,
            touchRotation: QuarterTurn(degrees: input.rotation) ?? .none,
            displayRotation: QuarterTurn(degrees: display.rotation) ?? .none,
            grab: input.grab)
    }
}
