import Core

/// The colour rules of RVS-36, RVS-59, RVS-66, RVS-67, RVS-69, decided here once so Widgets only paints.
extension Spinner {
    /// The wheel sectors' fill (RVS-36): the open background × the control alpha; nil (no fill) in HUD
    /// mode or when that colour is nil or clear.
    public var sectorFillColor: Color? {
        guard !hudMode, let c = openBackgroundColor, c.a > 0 else { return nil }
        return c.withAlpha(alpha)
    }

    /// A picker row's background (RVS-59, RVS-66): the open background, clear in HUD mode.
    public var pickerRowBackground: Color? {
        guard !hudMode, let c = openBackgroundColor, c.a > 0 else { return nil }
        return c
    }

    /// Picker title colour (RVS-59, RVS-67): the tint, or black when the tint is clear. Nil means the
    /// inherited tint (the theme's accent).
    public var pickerTextColor: Color? {
        guard let t = tintColor else { return nil }
        return t.a == 0 ? .black : t
    }

    /// The fill inside icon frames (RVS-38, RVS-69): the closed background × alpha, or nil.
    public var iconFrameFill: Color? {
        guard framedIcons, let c = closedBackgroundColor, c.a > 0 else { return nil }
        return c.withAlpha(alpha)
    }
}
