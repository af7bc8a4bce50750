/// What `ctl stats` says of the MQTT connection (absent without `[mqtt]`): its state now, the
/// messages taken and sent since start, how often it came back after losing the broker, why the
/// last attempt failed. (How long an MQTT `set` takes to reach the panel is `latency.mqttSetToSubmit`.)
public struct MQTTStats: Codable, Equatable, Sendable {
    /// `connecting`, `connected`, `waiting` (for the next retry) or `closed`.
    public var state: String
    /// Messages received from the broker (sets and bound topics; rubbish included).
    public var messagesIn: Int
    /// Messages handed to the broker (state, status, events, discovery).
    public var messagesOut: Int
    /// Connections made after the first one.
    public var reconnects: Int
    /// Why the broker is out of reach now (the last failure); nil while connected or before any failure.
    public var lastError: String?

    public init(state: String, messagesIn: Int, messagesOut: Int, reconnects: Int, lastError: String? = nil) {
        self.state = state; self.messagesIn = messagesIn; self.messagesOut = messagesOut
        self.reconnects = reconnects; self.lastError = lastError
    }
}
