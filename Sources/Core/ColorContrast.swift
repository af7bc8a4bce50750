#if canImport(Glibc)
    import Glibc
#endif

extension Color {
    /// WCAG 2.1's relative luminance of the colour's sRGB channels (alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ v: UInt8) -> Double {
            let x = Double(v) / 255
            return x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2.1's contrast ratio against `other`, 1…21: (L1 + 0.05) / (L2 + 0.05), lighter over darker.
    /// The kiosk asks 3 for handles, thumbs and focus marks and 4.5 for text under 18 pt (SC 1.4.3, 1.4.11).
    public func contrastRatio(with other: Color) -> Double {
        let (x, y) = (relativeLuminance, other.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}
