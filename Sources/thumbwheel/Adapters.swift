import ConfigLoading
import HomeAssistantAdapter
import Kiosk
import MQTTAdapter
import SocketAdapter

/// The adapters this program links, in the order they start: the control socket, MQTT, Home Assistant.
enum Adapters {
    static func make(config: KioskConfig, options: RunOptions) -> [any KioskAdapter] {
        let socket: [any KioskAdapter] = SocketAdapter.make(config: config, options: options).map { [$0] } ?? []
        let mqtt: [any KioskAdapter] = MQTTAdapter.make(config: config, options: options).map { [$0] } ?? []
        let hass: [any KioskAdapter] = HomeAssistantAdapter.make(config: config, options: options).map { [$0] } ?? []
        return socket + mqtt + hass
    }
}
