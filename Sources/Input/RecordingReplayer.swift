import Core

/// What replaying a recording produced.
public struct ReplayResult: Sendable {
    /// Every frame, in order.
    public var frames: [TouchFrame]
    /// Contacts still down after the last event (a healthy recording ends with none).
    public var stillDown: [TouchPoint]
}

/// Why a recording cannot be replayed.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    case noDescription
    case notATouchDevice(String)
    public var description: String {
        switch self {
        case .noDescription:
            return "the recording has no device description (N:/I:/B:/A: lines); pass the device's .desc file"
        case .notATouchDevice(let name):
            return "'\(name)' has no absolute position axes (ABS_MT_POSITION_X/Y or ABS_X/Y): not a touch device"
        }
    }
}

/// Feeds a recorded event stream through the same `TouchAssembler` the live devices use.
public enum RecordingReplayer {
    /// Replays `events` from a device with `capabilities`. Without `displaySize` positions stay in
    /// device units (the display is taken to be as many pixels as the axes have values).
    public static func replay(
        events: [InputEvent], capabilities: DeviceCapabilities, displaySize: Size? = nil,
        calibration: CalibrationMatrix = .identity, touchRotation: QuarterTurn = .none,
        displayRotation: QuarterTurn = .none, deviceID: Int = 0
    ) throws(ReplayError) -> ReplayResult {
        guard let axes = capabilities.positionAxes else { throw .notATouchDevice(capabilities.name) }
        let x = AxisRange(axes.x), y = AxisRange(axes.y)
        let size =
            displaySize
            ?? nativeSize(
                x: x, y: y, rotation: CoordinateMapper.rotation(touch: touchRotation, display: displayRotation))
        let mapper = CoordinateMapper(
            xRange: x, yRange: y, displaySize: size, calibration: calibration,
            touchRotation: touchRotation, displayRotation: displayRotation)
        var assembler = TouchAssembler(deviceID: deviceID, capabilities: capabilities, mapper: mapper)!
        let frames = assembler.feed(events)
        return ReplayResult(frames: frames, stillDown: assembler.activeTouches)
    }

    /// Replays a parsed recording, using `description` when the recording carries none of its own.
    public static func replay(
        _ recording: EvemuRecording, description: DeviceCapabilities? = nil,
        displaySize: Size? = nil
    ) throws(ReplayError) -> ReplayResult {
        guard let caps = description ?? recording.capabilities else { throw .noDescription }
        return try replay(events: recording.events, capabilities: caps, displaySize: displaySize)
    }

    /// One pixel per device unit, with the sides swapped when the rotation is a quarter turn.
    static func nativeSize(x: AxisRange, y: AxisRange, rotation: QuarterTurn) -> Size {
        switch rotation {
        case .none, .clockwise180: return Size(x.span, y.span)
        case .clockwise90, .clockwise270: return Size(y.span, x.span)
        }
    }
}
