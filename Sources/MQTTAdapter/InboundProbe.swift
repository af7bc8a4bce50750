import ConfigLoading
import Controls
import ConfigModel

/// The `mqtt-device` fuzz target's way in: a payload read as every bound element's device state and
/// every bound variable's topic would read it (`DeviceLinks.value`, `MQTTBridge.variableValue`), and
/// each value read sent back as the element's command. Whatever the bytes, what is read is finite.
public final class InboundProbe {
    private let devices: DeviceLinks
    private let bindings: [MQTTConfig.Binding]

    /// The links and bindings of a config's `[mqtt]` and elements.
    public init(mqtt: MQTTConfig, controls: [ControlConfig]) {
        devices = DeviceLinks(mqtt.devices, controls: controls)
        bindings = mqtt.bindings
    }

    /// Reads `payload` through every link and binding; traps when a value read is not finite.
    public func run(_ payload: [UInt8]) {
        guard payload.count <= MQTTBridge.maximumBoundPayloadBytes else { return }
        for (_, link) in devices.links.sorted(by: { $0.key < $1.key }) {
            guard case .success(let value) = DeviceLinks.value(of: payload, for: link) else { continue }
            precondition(value.isFinite, "a device payload read as \(value)")
            _ = DeviceLinks.payload(value, for: link)
        }
        for b in bindings {
            if case .success(.number(let d)) = MQTTBridge.variableValue(payload, for: b) {
                precondition(d.isFinite, "a bound payload read as \(d)")
            }
        }
    }
}
