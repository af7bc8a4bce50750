import Core

/// Physical scale: how many device pixels one logical point takes on a given panel, so that a control
/// of N points has the same size in millimetres on every panel (issue 5).
///
/// A logical point is 0.1927 mm, the pixel pitch of the 7" 800x480 Raspberry Pi panel the demo screen
/// is laid out for, so that panel has scale 1 (the kiosk's `PanelScale` uses the same figure).
public enum Scale {
    /// Millimetres per logical point.
    public static let millimetresPerPoint = 0.1927
    /// The smallest touch target we accept, in millimetres (a thumb).
    public static let minimumHitMillimetres = 9.0
    /// `minimumHitMillimetres` in logical points (≈ 46.7 pt). Independent of the panel, because points
    /// are physical units.
    public static var minimumHitPoints: Double { minimumHitMillimetres / millimetresPerPoint }

    /// Pixels per logical point for a panel of `panelPixels` showing an active area of `physicalMM`
    /// millimetres. The horizontal pitch is used: connectors report whole millimetres, and the width is
    /// the larger figure, so its rounding error is the smaller. An unknown width (zero, as some DRM
    /// connectors report) gives 1.
    public static func from(panelPixels: Size, physicalMM: Size) -> Double {
        guard panelPixels.width > 0, physicalMM.width > 0 else { return 1 }
        return millimetresPerPoint * panelPixels.width / physicalMM.width
    }
}
