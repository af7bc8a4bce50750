import Core

/// Physical scale: how many device pixels one logical point takes on a given panel, so that a control
/// of N points has the same size in millimetres on every panel (issue 5).
///
/// A logical point is 1/160 inch (0.15875 mm), the size of a point on the phones the original controls
/// were designed for, so a 44 pt touch target (MS-49) keeps its intended physical size.
public enum Scale {
    /// Millimetres per logical point.
    public static let millimetresPerPoint = 25.4 / 160
    /// The smallest touch target we accept, in millimetres (a thumb).
    public static let minimumHitMillimetres = 9.0
    /// `minimumHitMillimetres` in logical points (≈ 56.7 pt). Independent of the panel, because points
    /// are physical units.
    public static var minimumHitPoints: Double { minimumHitMillimetres / millimetresPerPoint }

    /// Pixels per logical point for a panel of `panelPixels` showing an active area of `physicalMM`
    /// millimetres. The pixel pitch is the mean of the horizontal and vertical pitches (some panels have
    /// slightly non-square pixels). An unknown physical size (zero, as some DRM connectors report) gives 1.
    public static func from(panelPixels: Size, physicalMM: Size) -> Double {
        guard panelPixels.width > 0, panelPixels.height > 0, physicalMM.width > 0, physicalMM.height > 0 else { return 1 }
        let pitch = (physicalMM.width / panelPixels.width + physicalMM.height / panelPixels.height) / 2
        return millimetresPerPoint / pitch
    }
}
