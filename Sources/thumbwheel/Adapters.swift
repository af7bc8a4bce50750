import ConfigLoading
import Kiosk
import MQTTAdapter
import SocketAdapter

/// The adapters this program links, in the order they start: the control socket, then MQTT.
enum Adapters {
    static func make(config: KioskConfig, options: RunOptions) -> [any KioskAdapter] {
        let socket: [any KioskAdapter] = SocketAdapter.make(config: config, options: options).map { [$0] } ?? []
        let mqtt: [any KioskAdapter] = MQTTAdapter.make(config: config, options: options).map { [$0] } ?? []
        return socket + mqtt
    }
}
