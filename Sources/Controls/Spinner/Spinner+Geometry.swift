#if canImport(Glibc)
    import Glibc
#endif
import Core

/// One wheel icon as Widgets draws it (RVS-37…39), in the control's local coordinates.
public struct WheelItemLayout: Hashable, Sendable {
    /// The item index.
    public var index: Int
    /// The icon square's centre.
    public var center: Point
    /// The icon square's side (0 = hidden, RVS-72).
    public var side: Double
    /// The screen angle of the item's bisector; the icon's "up" points along it (RVS-37 step 4).
    public var angle: Angle
    /// The sector's full sweep 360°/n, centred on `angle` (RVS-36: a pie slice to radius R).
    public var sweep: Angle
    /// The fade mask's alpha at the bisector (RVS-39); Widgets may instead mask per pixel.
    public var fadeAlpha: Double
    /// (disabled ? 0.5 : 1) × the control's alpha (RVS-38).
    public var opacity: Double
}

/// One picker row as Widgets draws it (RVS-59), in the control's local coordinates.
public struct PickerRowLayout: Hashable, Sendable {
    /// The item index.
    public var index: Int
    /// The row rectangle (it may lie outside the picker frame; Widgets clips).
    public var rect: Rect
    /// The icon square: side rowHeight − 16, 8 pt from the row's top.
    public var iconRect: Rect
    /// (disabled ? 0.5 : 1) × the control alpha.
    public var opacity: Double
}

/// What the centre shows (RVS-23, RVS-66).
public enum CenterContent: Hashable, Sendable {
    /// The selected item's icon; `template` in HUD mode (tinted as a mask).
    case selectedIcon(name: String, template: Bool)
    /// The fixed centre image.
    case centerImage(name: String)
    /// Nothing (empty list).
    case none
}

extension Spinner {
    /// The control's centre in its container's coordinates.
    public var centerInContainer: Point { frame.center }
    /// The centre in local coordinates; also the disc's centre.
    public var discCenter: Point { Point(frame.width / 2, frame.height / 2) }
    /// The popup radius R of the variant that would open now (RVS-28).
    public var popupRadius: Double {
        WheelGeometry.popupRadius(
            center: frame.center, containerSize: containerSize,
            spinner: (popupVariant ?? (opensAsSpinner ? .wheel : .picker)) == .wheel)
    }
    /// The open disc: a 2R square about the centre, all of which takes touches (RVS-29, RVS-41).
    public var discRect: Rect { Rect.around(discCenter, radius: popupRadius) }
    /// The picker's frame in local coordinates (RVS-30, clamped to the container per RVS-73).
    public var pickerFrame: Rect {
        let f = WheelGeometry.pickerFrame(controlFrame: frame, containerSize: containerSize)
        return Rect(x: f.minX - frame.minX, y: f.minY - frame.minY, width: f.width, height: f.height)
    }
    /// Row height min(40, picker height) (RVS-59).
    public var pickerRowHeight: Double { max(1, min(40, pickerFrame.height)) }

    /// The wheel's rotation shown at `time` (RVS-35, RVS-40).
    public func wheelRotation(at time: MonotonicTime) -> Angle {
        Angle(degrees: rotationAnimation?.value(at: time) ?? rotationTarget)
    }

    /// The wheel icons at `time`: positions on the disc, size, fade and opacity (RVS-37…39).
    public func wheelItems(at time: MonotonicTime) -> [WheelItemLayout] {
        let r = popupRadius
        let s = WheelGeometry.iconSide(radius: r, controlHeight: frame.height, count: count)
        let distance = WheelGeometry.iconDistance(radius: r, iconSide: s)
        let rotation = wheelRotation(at: time)
        return items.indices.map { i in
            let angle = WheelGeometry.itemAngle(i, count: count, rotation: rotation)
            return WheelItemLayout(
                index: i, center: angle.point(center: discCenter, radius: distance), side: s,
                angle: angle, sweep: WheelGeometry.sectorAngle(count: count),
                fadeAlpha: WheelGeometry.fadeAlpha(at: angle),
                opacity: iconOpacity(i))
        }
    }

    /// The picker rows at `time`, including those scrolled outside the frame (Widgets clips).
    public func pickerRows(at time: MonotonicTime) -> [PickerRowLayout] {
        guard let list = picker else { return [] }
        let f = pickerFrame, h = pickerRowHeight
        return items.indices.map { i in
            let top = f.minY + list.rowTop(i, pickerHeight: f.height, time: time)
            let side = max(0, h - 16)
            let hasTitle = !items[i].title.isEmpty
            // Icon-only rows centre the icon; titled rows start the pair a little left of centre.
            let iconX = hasTitle ? f.midX - side - 4 : f.midX - side / 2
            return PickerRowLayout(
                index: i, rect: Rect(x: f.minX, y: top, width: f.width, height: h),
                iconRect: Rect(x: iconX, y: top + 8, width: side, height: side),
                opacity: iconOpacity(i))
        }
    }

    /// The popup's scale at `time` (RVS-31/32): springs 0 → 1 on open, 1 → 0.001 on close.
    public func popupScale(at time: MonotonicTime) -> Double {
        guard popupVariant != nil else { return 0 }
        return popupAnimation?.value(at: time) ?? 1
    }

    /// Whether the picker opens below the control (no room above it, `WheelGeometry.pickerOpensDownward`).
    public var pickerOpensDownward: Bool {
        WheelGeometry.pickerOpensDownward(controlFrame: frame, containerSize: containerSize)
    }

    /// The picker's shift toward the control at `time`: half its height when collapsed, 0 when open
    /// (RVS-31); downward for a picker above the control, upward for one below it.
    public func pickerOffsetY(at time: MonotonicTime) -> Double {
        let s = popupScale(at: time)
        let shift = (1 - s) / (1 - Spinner.collapsedScale) * pickerFrame.height / 2
        return pickerOpensDownward ? -shift : shift
    }

    /// Opacity of item `i`'s icon (RVS-38).
    public func iconOpacity(_ i: Int) -> Double {
        guard items.indices.contains(i) else { return 0 }
        return (items[i].isEnabled ? 1 : 0.5) * alpha
    }

    /// What the centre shows now (RVS-23).
    public var centerContent: CenterContent {
        guard let item = value else { return .none }
        if let fixed = centerImageName, !(replaceCenterImage && (isOpen || isOpening)) {
            return .centerImage(name: fixed)
        }
        return .selectedIcon(name: item.iconName, template: hudMode)
    }

    /// The centre's opacity (RVS-24): halved for a disabled selection, a disabled control, or a press held inside.
    public var centerOpacity: Double {
        let dim = (value.map { !$0.isEnabled } ?? false) || !isEnabled || isCenterHighlighted
        return dim ? 0.5 : 1
    }

    /// The centre's pop-in scale at `time` (RVS-68); 1 when not animating.
    public func centerScale(at time: MonotonicTime) -> Double { centerAnimation?.value(at: time) ?? 1 }

    /// The centre icon's counter-rotation (RVS-70): minus the container's rotation when compensating.
    public var centerIconRotation: Angle {
        guard isCompensatingForContainerRotation else { return .zero }
        return Angle(radians: -atan2(containerTransform.b, containerTransform.a))
    }

    /// The centre's frame circle (radius = height/2, RVS-22) when framed, in local coordinates.
    public var centerFrameCircle: (center: Point, radius: Double)? {
        framedIcons ? (discCenter, frame.height / 2) : nil
    }

    /// The square the centre icon is aspect-fit into: the middle 60 % when framed, else the bounds.
    public var centerIconRect: Rect {
        guard framedIcons else { return bounds }
        return Rect(
            x: bounds.width * 0.2, y: bounds.height * 0.2, width: bounds.width * 0.6, height: bounds.height * 0.6)
    }

    /// The square an icon of `square` is drawn into (RVS-38): inset 20 % per side when framed.
    public func iconContentRect(in square: Rect) -> Rect {
        framedIcons ? square.insetBy(square.width * 0.2) : square
    }
}

extension Spinner {
    /// One loop turn: deferred work, a due long press, the flywheel's 60 Hz ticks, the picker's motion,
    /// and the end of the popup animations. Returns true while anything is still moving or pending.
    public func advance(to time: MonotonicTime) -> Bool {
        runTurn(time)
        advanceTouch(to: time)
        if flywheel.isRunning {
            var clock = flywheelClock
            clock.advance(to: time) {
                guard self.flywheel.isRunning else { return }
                self.flywheelTicks += 1
                var wheel = self.flywheel
                let steps = wheel.tick()
                self.flywheel = wheel
                // Each step is dated at its own tick, so the result is the same at any frame rate.
                let tickTime = self.flywheelStart + Double(self.flywheelTicks) / Flywheel.tickRate
                if steps != 0 { self.stepBy(steps, time: tickTime) }
            }
            flywheelClock = clock
        }
        if var list = picker {
            let settled = list.advance(to: time)
            picker = list
            if let row = settled { setIndex(row, fromUser: true, time: time) }
        }
        finishPopupAnimations(time: time)
        if let a = rotationAnimation, a.isFinished(at: time) { rotationAnimation = nil }
        if let a = centerAnimation, a.isFinished(at: time) { centerAnimation = nil }
        if let a = popupAnimation, a.isFinished(at: time), a.to == 1 { popupAnimation = nil }
        var touchWaiting = false
        if case .disc(let t)? = touch { touchWaiting = t.arbiter.longPressDeadline != nil || t.repeatAt != nil }
        return !pendingWork.isEmpty || flywheel.isRunning || (picker?.isMoving ?? false) || touchWaiting
            || rotationAnimation != nil || centerAnimation != nil || popupAnimation != nil
    }
}
