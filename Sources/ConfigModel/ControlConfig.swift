import Core

/// Commands run when a control's value changes or it is released.
public struct HookConfig: Sendable, Hashable {
    public var onChange: [String]?
    public var onRelease: [String]?
    public var minIntervalMS = 200
    public var timeoutMS = 5000

    public init(onChange: [String]? = nil, onRelease: [String]? = nil, minIntervalMS: Int = 200, timeoutMS: Int = 5000)
    {
        self.onChange = onChange; self.onRelease = onRelease; self.minIntervalMS = minIntervalMS;
        self.timeoutMS = timeoutMS
    }
}

/// One control as the config describes it.
public struct ControlConfig: Sendable {
    public var kind: String
    public var id: String
    /// Where it sits, in logical points.
    public var frame: Rect
    /// Degrees clockwise about the frame's centre.
    public var rotation: Double
    public var hidden: Bool
    public var hooks: HookConfig?
    /// Every validated key, for the control factory.
    public var properties: ConfigTable

    public init(
        kind: String, id: String, frame: Rect, rotation: Double = 0, hidden: Bool = false,
        hooks: HookConfig? = nil, properties: ConfigTable = ConfigTable()
    ) {
        self.kind = kind; self.id = id; self.frame = frame; self.rotation = rotation; self.hidden = hidden
        self.hooks = hooks; self.properties = properties
    }
}
