/// A contact that is down, in raw device units.
public struct RawContact: Hashable, Sendable {
    /// The kernel's tracking id (protocol B) or one we made up (protocol A, single touch).
    public var trackingID: Int
    /// Raw x position, device units.
    public var x: Int32
    /// Raw y position, device units.
    public var y: Int32
    /// Creates a contact.
    public init(trackingID: Int, x: Int32, y: Int32) { self.trackingID = trackingID; self.x = x; self.y = y }
}

/// What happened to one contact within one frame, in the order it happened.
struct FrameRecord {
    var slot: Int
    var trackingID: Int
    var x: Int32
    var y: Int32
    /// Where the contact was when the frame started (to tell a real move from a repeated value).
    var startX: Int32
    var startY: Int32
    var began: Bool
    var ended = false
    var cancelled = false
}

/// Per-slot contact state with a log of this frame's changes: protocol B's model, which protocol A
/// and single-touch devices are translated into.
///
/// The log (not a before/after comparison) is what keeps a press and a release that arrive between
/// two SYN_REPORTs a tap: the contact appears as `began` and then `ended`.
struct SlotTable {
    /// Contacts that are down, by slot.
    private(set) var live: [Int: RawContact] = [:]
    /// The last position each slot reported; a new contact in the slot starts there, because the
    /// kernel does not repeat values that did not change.
    private var positions: [Int: (x: Int32, y: Int32)] = [:]
    /// Slots whose contact we cancelled blind after a SYN_DROPPED, with that contact's id: its
    /// further events are ignored until it lifts, so it can never come back half-tracked.
    private(set) var stale: [Int: Int] = [:]
    private(set) var records: [FrameRecord] = []
    /// Slot → index of its record that is still open (not ended) in `records`.
    private var open: [Int: Int] = [:]

    /// The kernel's `ABS_MT_TRACKING_ID` for `slot`: −1 lifts the contact, another id replaces it.
    mutating func setTrackingID(_ id: Int, slot: Int) {
        if let staleID = stale[slot] {
            if id == staleID { return }
            stale[slot] = nil
        }
        if let contact = live[slot] {
            if contact.trackingID == id { return }
            end(slot: slot, cancelled: false)
        }
        guard id >= 0 else { return }
        let p = positions[slot] ?? (0, 0)
        live[slot] = RawContact(trackingID: id, x: p.x, y: p.y)
        open[slot] = records.count
        records.append(FrameRecord(slot: slot, trackingID: id, x: p.x, y: p.y, startX: p.x, startY: p.y, began: true))
    }

    /// Sets the x and/or y position of `slot`.
    mutating func setPosition(slot: Int, x: Int32? = nil, y: Int32? = nil) {
        var p = positions[slot] ?? (0, 0)
        if let x { p.x = x }
        if let y { p.y = y }
        positions[slot] = p
        guard stale[slot] == nil, var contact = live[slot] else { return }
        let index = openRecord(slot: slot, contact: contact)
        contact.x = p.x; contact.y = p.y
        live[slot] = contact
        records[index].x = p.x; records[index].y = p.y
    }

    /// Sets where the next contact in `slot` starts, when no contact is down in it (the device's state
    /// read from the kernel, not an event of this frame).
    mutating func seedPosition(slot: Int, x: Int32, y: Int32) {
        guard live[slot] == nil else { return }
        positions[slot] = (x, y)
    }

    /// Lifts (or cancels) the contact in `slot`, if any.
    mutating func end(slot: Int, cancelled: Bool) {
        guard let contact = live[slot] else { return }
        let index = openRecord(slot: slot, contact: contact)
        records[index].ended = true
        records[index].cancelled = cancelled
        open[slot] = nil
        live[slot] = nil
    }

    /// Cancels every contact and forgets its slot's later events until it lifts (blind SYN_DROPPED
    /// recovery), or forgets them outright when `markStale` is false (device gone).
    mutating func cancelAll(markStale: Bool) {
        for slot in live.keys.sorted() {
            let id = live[slot]!.trackingID
            end(slot: slot, cancelled: true)
            if markStale { stale[slot] = id }
        }
        if !markStale { stale = [:] }
    }

    /// The lowest slot with no contact, no stale contact and not in `taken`.
    func freeSlot(excluding taken: Set<Int>) -> Int {
        var slot = 0
        while live[slot] != nil || stale[slot] != nil || taken.contains(slot) { slot += 1 }
        return slot
    }

    /// Hands over this frame's log (ordered by slot, then by time) and starts an empty one.
    mutating func takeRecords() -> [FrameRecord] {
        // Most frames hold one finger's record, or records already in slot order: no sort then.
        let inOrder = zip(records, records.dropFirst()).allSatisfy { $0.slot <= $1.slot }
        let ordered =
            inOrder
            ? records
            : records.enumerated()
                .sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }
                .map(\.element)
        records = []
        open.removeAll(keepingCapacity: true)
        return ordered
    }

    /// The index of the open record for `slot`'s contact, creating one that starts at its position.
    private mutating func openRecord(slot: Int, contact: RawContact) -> Int {
        if let index = open[slot] { return index }
        open[slot] = records.count
        records.append(
            FrameRecord(
                slot: slot, trackingID: contact.trackingID, x: contact.x, y: contact.y,
                startX: contact.x, startY: contact.y, began: false))
        return records.count - 1
    }
}
