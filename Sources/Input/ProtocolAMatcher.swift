/// Matches a protocol-A frame's anonymous contacts to the contacts already being tracked.
enum ProtocolAMatcher {
    /// The result: reported contact index → slot of the tracked contact it continues.
    struct Plan { var matched: [Int: Int] }

    /// When every reported contact carries a tracking id, ids decide; otherwise each tracked contact
    /// continues as the nearest reported one, closest pairs first (fingers move little between frames).
    static func match(live: [Int: RawContact], reported: [PartialContact]) -> Plan {
        var matched: [Int: Int] = [:]
        if !reported.isEmpty && reported.allSatisfy({ ($0.trackingID ?? -1) >= 0 }) {
            let slotByID = Dictionary(live.map { ($0.value.trackingID, $0.key) }, uniquingKeysWith: { a, _ in a })
            for (index, contact) in reported.enumerated() {
                if let slot = slotByID[contact.trackingID!] { matched[index] = slot }
            }
            return Plan(matched: matched)
        }
        var pairs: [(distance: Double, index: Int, slot: Int)] = []
        for (index, contact) in reported.enumerated() {
            for (slot, c) in live {
                let dx = Double(contact.x ?? c.x) - Double(c.x), dy = Double(contact.y ?? c.y) - Double(c.y)
                pairs.append((dx * dx + dy * dy, index, slot))
            }
        }
        pairs.sort { ($0.distance, $0.index, $0.slot) < ($1.distance, $1.index, $1.slot) }
        var usedSlots = Set<Int>()
        for pair in pairs where matched[pair.index] == nil && !usedSlots.contains(pair.slot) {
            matched[pair.index] = pair.slot
            usedSlots.insert(pair.slot)
        }
        return Plan(matched: matched)
    }
}
