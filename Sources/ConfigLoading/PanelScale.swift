import Core
import Widgets

/// How many canvas pixels a config's point is on a panel.
public enum PanelScale {
    /// The scale for a canvas: the config's `scale`, else from the panel's physical size (the config's
    /// `width_mm`/`height_mm`, else what the connector reports), else 1.
    public static func of(config: DisplayConfig, canvasSize: PixelSize, physicalMM: PixelSize?) -> Double {
        if let s = config.scale { return s }
        let width = config.widthMM ?? physicalMM.map { Double($0.width) }
        let height = config.heightMM ?? physicalMM.map { Double($0.height) }
        guard let w = width, let h = height, w > 0, h > 0 else { return 1 }
        return Scale.from(panelPixels: Size(Double(canvasSize.width), Double(canvasSize.height)), physicalMM: Size(w, h))
    }
}
