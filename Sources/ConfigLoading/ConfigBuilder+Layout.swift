import ConfigModel
import Core
import Widgets

extension ConfigBuilder {
    /// One screen's controls with the frames cards give them (`ScreenLayout`) and in drawing order,
    /// reporting what keeps an element from being placed.
    mutating func layOut(_ controls: [ControlConfig]) -> [ControlConfig] {
        let items = controls.map { c in
            let isCard = c.kind == CardLayout.cardKind
            return ScreenLayout.Item(
                id: c.id, isCard: isCard, frame: c.properties.numbers("frame") == nil ? nil : c.frame,
                container: c.properties.string("in"), layout: isCard ? CardLayout(card: c.properties) : nil)
        }
        let result = ScreenLayout.resolve(items)
        for p in result.problems { fail(controls[p.index].properties, p.key, p.message) }
        var placed = controls
        for (i, frame) in result.frames.enumerated() { if let frame { placed[i].frame = frame } }
        return result.order.map { placed[$0] }
    }
}
