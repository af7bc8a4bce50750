import ConfigLoading
import HomeAssistant
import Kiosk

/// What Home Assistant gives a one-off picture of the panel (`thumbwheel render`), through the
/// adapter's own links, so the picture shows what the kiosk would: without HA's states every bound
/// element is veiled and the text showing HA's values dimmed, under the link banner; with a
/// snapshot (`render --live`) each element shows its entity's state, options and range.
public enum StillStates {
    /// The banner's line while the picture has no states from HA.
    public static let notConnected = "Home Assistant not connected"

    /// Marks everything `panel` takes from HA as not connected, the way the kiosk does while HA is down.
    public static func showNotConnected(on panel: StillPanel) {
        guard let links = links(for: panel) else { return }
        links.connectionChanged(live: false, entities: EntityCache(), now: 0)
        panel.linkLines.append(notConnected)
    }

    /// Shows `snapshot`'s states on `panel` as the kiosk shows them once HA is live.
    public static func show(_ snapshot: HomeAssistantSnapshot, on panel: StillPanel) {
        guard let links = links(for: panel), let ha = panel.config.homeAssistant else { return }
        links.connectionChanged(live: true, entities: EntityCache(), now: 0)
        for id in ha.entityIDs { links.entityChanged(id, snapshot.entities[id], now: 0) }
    }

    private static func links(for panel: StillPanel) -> EntityLinks? {
        guard let ha = panel.config.homeAssistant else { return nil }
        let links = EntityLinks(ha, controls: panel.config.allControls, variables: panel.config.variables)
        links.apply = { id, value in panel.set(id, value) }
        links.setVariable = { id, value in _ = panel.setVariable(id, value) }
        links.setAvailable = { id, available in panel.setAvailable(id, available) }
        links.setProperty = { id, key, value in panel.setProperty(id, key, value) }
        return links
    }
}
