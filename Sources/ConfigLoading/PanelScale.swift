import Core
import Widgets

/// How many canvas pixels a config's point is on a panel.
public enum PanelScale {
    /// The scale for a canvas: the config's `scale`; else, when the config writes `size`, the scale at
    /// which that many points fill the canvas (1 on a canvas of that size); else from the panel's
    /// physical size (the config's `width_mm`/`height_mm`, else what the connector reports), else 1.
    ///
    /// An integrator who writes `size = "800x480"` lays frames out on 800 x 480 points. Deriving the
    /// scale from `width_mm` instead made those points a hair off the panel's pixels (whole millimetres
    /// never give exactly `Scale.millimetresPerPoint` per pixel), so frames written to the edge fell
    /// off it. `width_mm` still measures the panel for the touch-size warnings.
    public static func of(config: DisplayConfig, canvasSize: PixelSize, physicalMM: PixelSize?) -> Double {
        if let s = config.scale { return s }
        if let size = config.givenSize, size.width > 0, size.height > 0, canvasSize.width > 0, canvasSize.height > 0 {
            return min(Double(canvasSize.width) / Double(size.width), Double(canvasSize.height) / Double(size.height))
        }
        let width = config.widthMM ?? physicalMM.map { Double($0.width) }
        let height = config.heightMM ?? physicalMM.map { Double($0.height) }
        guard let w = width, let h = height, w > 0, h > 0 else { return 1 }
        return Scale.from(
            panelPixels: Size(Double(canvasSize.width), Double(canvasSize.height)), physicalMM: Size(w, h))
    }
}
