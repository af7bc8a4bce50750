import Core

/// Where OTPopupView puts a popup next to its base (NP-41), in screen (overlay) coordinates.
public enum PopupPlacement {
    /// The side the popup ended up on.
    public enum Side: Hashable, Sendable { case above, left, right }

    /// The port decisions for NP-41.
    public struct Options: Hashable, Sendable {
        /// [PORT, SEED 7.1] When "above" overflows sideways, clamp x into [0, W − pw] instead of the
        /// original's jump to the right edge.
        public var clampsAboveX = true
        /// [PORT] Finally keep the popup fully on the screen (the original's "right" fallback is never
        /// re-checked and can leave the screen).
        public var keepsOnScreen = true
        /// The recommended port placement.
        public init() {}
        /// The original's placement, defects included.
        public static var original: Options {
            var o = Options(); o.clampsAboveX = false; o.keepsOnScreen = false; return o
        }
    }

    /// The popup's frame for the unpadded base `base`, popup size `size` and screen `screen`.
    public static func place(
        base b: Rect, popup size: Size, screen: Size, options: Options = Options()
    ) -> (frame: Rect, side: Side) {
        let pw = size.width, ph = size.height, w = screen.width, h = screen.height
        var x = b.minX - 5, y = b.minY - 10 - ph
        if b.width > pw { x += (b.width - pw) / 2 }
        var side = Side.above
        if y < 0 {
            side = .left
            x = b.minX - 15 - pw
            y = b.minY - 5
            if y + ph > h { y = h - ph }
            if x < 0 || y < 0 || x + pw > w || y + ph > h {
                side = .right
                x = b.maxX + 15
                y = b.minY - 5
                if y + ph > h { y = h - ph }
            }
        } else if x < 0 || x + pw > w || y + ph > h {
            x = options.clampsAboveX ? min(max(0, x), w - pw) : w - pw
        }
        if options.keepsOnScreen {
            x = min(max(0, x), max(0, w - pw))
            y = min(max(0, y), max(0, h - ph))
        }
        return (Rect(x: x, y: y, width: pw, height: ph), side)
    }
}

/// An OTPopupView's resolved layout (NP-39, NP-40): the padded base B, the padded popup P, the frame
/// of the outline, and the popup's own frame.
public struct PopupLayout: Hashable, Sendable {
    /// B: the base grown by its padding.
    public var base: Rect
    /// P: the popup grown by its padding.
    public var popup: Rect
    /// Where the popup content itself goes (P shrunk back by its padding).
    public var popupContentFrame: Rect
    /// The union of B and P.
    public var outlineFrame: Rect { base.union(popup) }
    /// The outline's corner radius.
    public var cornerRadius: Double

    /// NP-40 with `shouldSetPopupViewFrame` true: the popup is centred on B's centre then moved by
    /// `translation` (automatic: NP-41 from the unpadded base).
    public init(
        base: Rect, popupSize: Size, screen: Size, basePadding: Double = 0, popupPadding: Double = 0,
        cornerRadius: Double = 0, translation: Vector? = nil, placement: PopupPlacement.Options = .init()
    ) {
        let b = base.outsetBy(basePadding)
        let shift =
            translation
            ?? (PopupPlacement.place(base: base, popup: popupSize, screen: screen, options: placement).frame.center
                - base.center)
        let content = Rect(
            x: b.midX - popupSize.width / 2 + shift.dx, y: b.midY - popupSize.height / 2 + shift.dy,
            width: popupSize.width, height: popupSize.height)
        self.base = b
        self.popupContentFrame = content
        self.popup = content.outsetBy(popupPadding)
        self.cornerRadius = cornerRadius
    }

    /// NP-40 with `shouldSetPopupViewFrame` false: the popup keeps its current frame.
    public init(
        base: Rect, popupFrame: Rect, basePadding: Double = 0, popupPadding: Double = 0, cornerRadius: Double = 0
    ) {
        self.base = base.outsetBy(basePadding)
        self.popupContentFrame = popupFrame
        self.popup = popupFrame.outsetBy(popupPadding)
        self.cornerRadius = cornerRadius
    }

    /// The fused outline around B and P (NP-42).
    public var outline: [PathElement] { PopupContour.outline(base: base, popup: popup, radius: cornerRadius) }

    /// NP-44: OTPadBase's contour: corner radius 10, base padding 5, automatic placement.
    public static func padBase(
        anchor: Rect, padSize: Size, screen: Size, placement: PopupPlacement.Options = .init()
    ) -> PopupLayout {
        PopupLayout(
            base: anchor, popupSize: padSize, screen: screen, basePadding: 5, cornerRadius: 10, placement: placement)
    }
}
