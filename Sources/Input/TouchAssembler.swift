import Core

/// The device's touch state as the kernel knows it right now: what libevdev holds after a
/// SYN_DROPPED sync, handed to `TouchAssembler.resynchronize` so no touch stays down.
public struct TouchSnapshot: Hashable, Sendable {
    /// Contacts that are down, by slot (single-touch devices: slot 0 while BTN_TOUCH is down).
    public var contacts: [Int: RawContact]
    /// The slot the next protocol-B events go to (`ABS_MT_SLOT`'s value).
    public var currentSlot: Int
    /// BTN_TOUCH's state when the device has one; protocol-A devices only have this to go on.
    public var touchDown: Bool?
    /// The last position every slot holds, down or not (x, y in device units). The kernel does not
    /// repeat a value that did not change, so a contact put down where the slot's last one was
    /// arrives with no position events: it starts here.
    public var positions: [Int: SIMD2<Int32>]
    /// Creates a snapshot.
    public init(
        contacts: [Int: RawContact], currentSlot: Int = 0, touchDown: Bool? = nil, positions: [Int: SIMD2<Int32>] = [:]
    ) {
        self.contacts = contacts; self.currentSlot = currentSlot; self.touchDown = touchDown
        self.positions = positions
    }
}

/// Turns one device's evdev events into `TouchFrame`s: pure, no file descriptors, no clock.
///
/// Every SYN_REPORT closes one frame that lists the contacts that began, moved, ended or were
/// cancelled in it (spec X-5), positions already mapped to display pixels. Protocol B, protocol A
/// and single-touch devices all go through the same per-slot log (`SlotTable`), so a press and a
/// release between two reads still yields `began` then `ended`.
public struct TouchAssembler {
    /// Stamped on every `TouchPoint`, so two panels' slots and ids never collide.
    public let deviceID: Int
    /// How the device reports contacts; fixed for its lifetime.
    public let touchProtocol: TouchProtocol
    /// Raw device units → display pixels.
    public var mapper: CoordinateMapper

    private var table = SlotTable()
    /// The table as of the last SYN_REPORT: what SYN_DROPPED rolls back to.
    private var committed = SlotTable()
    private var currentSlot: Int
    private var committedSlot: Int
    /// Between a SYN_DROPPED and the SYN_REPORT that ends the damaged stretch.
    public private(set) var isDropping = false
    /// Protocol A: the contact being described and the contacts already closed by SYN_MT_REPORT.
    private var partial = PartialContact()
    private var reportedContacts: [PartialContact] = []
    /// Protocol A: BTN_TOUCH went to 0 in this frame.
    private var touchReleased = false
    /// Ids we hand out where the kernel gives none (protocol A without ids, single touch).
    private var nextSyntheticID = 0

    /// Creates an assembler for a device that speaks `touchProtocol`. `initialSlot` is the value of
    /// ABS_MT_SLOT when reading starts (protocol B streams need not repeat it).
    public init(deviceID: Int = 0, touchProtocol: TouchProtocol, mapper: CoordinateMapper, initialSlot: Int = 0) {
        self.deviceID = deviceID; self.touchProtocol = touchProtocol; self.mapper = mapper
        currentSlot = initialSlot; committedSlot = initialSlot
    }

    /// Creates an assembler for a device described by `capabilities`, or nil when it reports no positions.
    public init?(deviceID: Int = 0, capabilities: DeviceCapabilities, mapper: CoordinateMapper) {
        guard let proto = capabilities.touchProtocol else { return nil }
        self.init(
            deviceID: deviceID, touchProtocol: proto, mapper: mapper,
            initialSlot: Int(capabilities.axes[EventCode.mtSlot]?.value ?? 0))
    }

    /// The contacts that are down as of the last frame, with phase `moved`: what a consumer
    /// believes is pressed. Empty when nothing is stuck.
    public var activeTouches: [TouchPoint] {
        committed.live.keys.sorted().map { slot in
            let c = committed.live[slot]!
            return TouchPoint(
                slot: slot, trackingID: c.trackingID, position: mapper.map(x: c.x, y: c.y),
                phase: .moved, deviceID: deviceID)
        }
    }

    /// Feeds one event; returns the frame it completes (at SYN_REPORT) when anything changed.
    public mutating func feed(_ event: InputEvent) -> TouchFrame? {
        if event.type == EventCode.synType {
            switch event.code {
            case EventCode.synReport: return finishFrame(at: event.time)
            case EventCode.synDropped: beginDrop(); return nil
            case EventCode.synMTReport: if !isDropping { closeReportedContact() }; return nil
            default: return nil
            }
        }
        guard !isDropping else { return nil }
        switch touchProtocol {
        case .multitouchB: feedProtocolB(event)
        case .multitouchA: feedProtocolA(event)
        case .singleTouch: feedSingleTouch(event)
        }
        return nil
    }

    /// Feeds a batch (everything one read returned); returns its frames in order.
    public mutating func feed<S: Sequence>(_ events: S) -> [TouchFrame] where S.Element == InputEvent {
        events.compactMap { feed($0) }
    }

    /// Starts from the device's state when it is opened: the slots' last positions (a process that
    /// opens the device after another read it must not place a contact the kernel reports without
    /// positions at 0,0), and any contact already down, which begins now.
    public mutating func start(from snapshot: TouchSnapshot, at time: MonotonicTime) -> TouchFrame? {
        for (slot, p) in snapshot.positions { table.seedPosition(slot: slot, x: p.x, y: p.y) }
        committed = table
        return snapshot.contacts.isEmpty ? nil : resynchronize(to: snapshot, at: time)
    }

    /// Ends a SYN_DROPPED: compares what consumers were told with the device's real state and reports
    /// the difference (lifted contacts end, new ones begin, moved ones move).
    public mutating func resynchronize(to snapshot: TouchSnapshot, at time: MonotonicTime) -> TouchFrame? {
        rollBack()
        isDropping = false
        switch touchProtocol {
        case .multitouchB:
            for slot in Set(table.live.keys).union(table.stale.keys).sorted() where snapshot.contacts[slot] == nil {
                table.setTrackingID(-1, slot: slot)
            }
            for slot in snapshot.contacts.keys.sorted() {
                let c = snapshot.contacts[slot]!
                table.setTrackingID(c.trackingID, slot: slot)
                table.setPosition(slot: slot, x: c.x, y: c.y)
            }
            currentSlot = snapshot.currentSlot
        case .singleTouch:
            let down = snapshot.touchDown ?? (snapshot.contacts[0] != nil)
            if down {
                if table.live[0] == nil && table.stale[0] == nil { table.setTrackingID(newSyntheticID(), slot: 0) }
                if let c = snapshot.contacts[0] { table.setPosition(slot: 0, x: c.x, y: c.y) }
            } else {
                table.setTrackingID(-1, slot: 0)
            }
        case .multitouchA:
            // Protocol A repeats every contact in every frame, so the next frame corrects positions;
            // only "everything lifted while we were not listening" must be acted on now.
            if snapshot.touchDown == false {
                for slot in table.live.keys.sorted() { table.setTrackingID(-1, slot: slot) }
            }
        }
        // Slots with no contact now start the next one where the kernel last had them.
        for (slot, p) in snapshot.positions { table.seedPosition(slot: slot, x: p.x, y: p.y) }
        return commitFrame(at: time)
    }

    /// The device is gone (unplugged, ENODEV): every contact it had down is cancelled (spec X-6),
    /// and any half-received frame is thrown away.
    public mutating func cancelAll(at time: MonotonicTime) -> TouchFrame? {
        rollBack()
        isDropping = false
        table.cancelAll(markStale: false)
        return commitFrame(at: time)
    }

    // MARK: - Frames

    private mutating func finishFrame(at time: MonotonicTime) -> TouchFrame? {
        if isDropping {
            // No snapshot came (a recording, or a source without libevdev): nothing in the dropped
            // stretch can be trusted, so cancel what is down rather than risk a stuck touch.
            isDropping = false
            rollBack()
            // Protocol A re-reports every contact in its next frame, so nothing needs to stay stale.
            table.cancelAll(markStale: touchProtocol != .multitouchA)
            return commitFrame(at: time)
        }
        if touchProtocol == .multitouchA { applyProtocolAFrame() }
        return commitFrame(at: time)
    }

    private mutating func beginDrop() {
        rollBack()
        isDropping = true
    }

    /// Throws away everything since the last SYN_REPORT.
    private mutating func rollBack() {
        table = committed
        currentSlot = committedSlot
        partial = PartialContact()
        reportedContacts = []
        touchReleased = false
    }

    private mutating func commitFrame(at time: MonotonicTime) -> TouchFrame? {
        let records = table.takeRecords()
        committed = table
        committedSlot = currentSlot
        // One array for the frame, filled in place: a frame is read on every touch wake-up.
        var touches: [TouchPoint] = []
        touches.reserveCapacity(records.count)
        for r in records { appendTouchPoints(for: r, to: &touches) }
        return touches.isEmpty ? nil : TouchFrame(time: time, touches: touches)
    }

    private func appendTouchPoints(for r: FrameRecord, to out: inout [TouchPoint]) {
        let position = mapper.map(x: r.x, y: r.y)
        func point(_ phase: TouchPhase) -> TouchPoint {
            TouchPoint(slot: r.slot, trackingID: r.trackingID, position: position, phase: phase, deviceID: deviceID)
        }
        if r.began { out.append(point(.began)) }
        if r.cancelled {
            out.append(point(.cancelled))
        } else if r.ended {
            out.append(point(.ended))
        } else if !r.began && (r.x != r.startX || r.y != r.startY) {
            out.append(point(.moved))
        }
    }

    mutating func newSyntheticID() -> Int {
        defer { nextSyntheticID += 1 }
        return nextSyntheticID
    }

    // MARK: - Protocols

    private mutating func feedProtocolB(_ e: InputEvent) {
        guard e.type == EventCode.absType else { return }
        switch e.code {
        case EventCode.mtSlot: currentSlot = Int(e.value)
        case EventCode.mtTrackingID: table.setTrackingID(Int(e.value), slot: currentSlot)
        case EventCode.mtPositionX: table.setPosition(slot: currentSlot, x: e.value)
        case EventCode.mtPositionY: table.setPosition(slot: currentSlot, y: e.value)
        default: break
        }
    }

    private mutating func feedSingleTouch(_ e: InputEvent) {
        if e.type == EventCode.keyType && e.code == EventCode.btnTouch {
            switch e.value {
            case 0: table.setTrackingID(-1, slot: 0)
            case 1: if table.live[0] == nil { table.setTrackingID(newSyntheticID(), slot: 0) }
            default: break  // autorepeat
            }
        } else if e.type == EventCode.absType && e.code == EventCode.absX {
            table.setPosition(slot: 0, x: e.value)
        } else if e.type == EventCode.absType && e.code == EventCode.absY {
            table.setPosition(slot: 0, y: e.value)
        }
    }

    private mutating func feedProtocolA(_ e: InputEvent) {
        if e.type == EventCode.keyType && e.code == EventCode.btnTouch && e.value == 0 { touchReleased = true }
        guard e.type == EventCode.absType else { return }
        switch e.code {
        case EventCode.mtPositionX: partial.x = e.value
        case EventCode.mtPositionY: partial.y = e.value
        case EventCode.mtTrackingID: partial.trackingID = Int(e.value)
        default: break
        }
    }

    private mutating func closeReportedContact() {
        guard touchProtocol == .multitouchA else { return }
        if partial.x != nil || partial.y != nil { reportedContacts.append(partial) }
        partial = PartialContact()
    }

    /// Protocol A: the frame's contacts are the complete set that is down; match them to the
    /// contacts we track and turn the difference into slot changes.
    private mutating func applyProtocolAFrame() {
        closeReportedContact()
        let contacts = touchReleased ? [] : reportedContacts
        reportedContacts = []
        touchReleased = false
        let plan = ProtocolAMatcher.match(live: table.live, reported: contacts)
        for slot in table.live.keys.sorted() where !plan.matched.values.contains(slot) {
            table.setTrackingID(-1, slot: slot)
        }
        var taken = Set(plan.matched.values)
        for (index, contact) in contacts.enumerated() {
            let slot: Int
            if let s = plan.matched[index] {
                slot = s
            } else {
                slot = table.freeSlot(excluding: taken)
                taken.insert(slot)
                let id = contact.trackingID.flatMap { $0 >= 0 ? $0 : nil } ?? newSyntheticID()
                table.setPosition(slot: slot, x: contact.x, y: contact.y)
                table.setTrackingID(id, slot: slot)
            }
            table.setPosition(slot: slot, x: contact.x, y: contact.y)
        }
    }
}

/// A protocol-A contact as far as its events have described it.
struct PartialContact: Hashable {
    var x: Int32?
    var y: Int32?
    var trackingID: Int?
}
