import Core
import Testing
@testable import Input

@Suite("TouchAssembler: protocol B") struct ProtocolBTests {
    @Test("A contact begins, moves and ends, one frame per SYN_REPORT (X-5)")
    func lifecycle() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 0, id: 7, x: 100, y: 200)
        #expect(s.take().compactMap { a.feed($0) }.isEmpty)  // nothing until SYN_REPORT
        s.frame()
        #expect(summary(a.feed(s.take()).first) == ["began #7@0 100,200"])
        s.move(slot: 0, x: 110); s.frame()
        #expect(summary(a.feed(s.take()).first) == ["moved #7@0 110,200"])
        s.move(slot: 0, y: 230); s.frame()
        #expect(summary(a.feed(s.take()).first) == ["moved #7@0 110,230"])
        s.abs(SyntheticStream.trackingID, -1); s.frame()
        #expect(summary(a.feed(s.take()).first) == ["ended #7@0 110,230"])
        #expect(a.activeTouches.isEmpty)
    }

    @Test("Press and release inside one frame stay a tap: began, then ended")
    func tapInOneFrame() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 0, id: 3, x: 50, y: 60)
        s.abs(SyntheticStream.trackingID, -1)
        s.frame()
        let frames = a.feed(s.take())
        #expect(frames.count == 1)
        #expect(summary(frames.first) == ["began #3@0 50,60", "ended #3@0 50,60"])
        #expect(a.activeTouches.isEmpty)
    }

    @Test("A tap split over two frames read in one batch keeps both frames and their times")
    func tapInOneBatch() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 0, id: 1, x: 5, y: 5); s.frame()
        s.contact(slot: 0, id: -1); s.frame()
        let frames = a.feed(s.take())
        #expect(frames.map { summary($0) } == [["began #1@0 5,5"], ["ended #1@0 5,5"]])
        #expect(frames.map(\.time) == [1.0, 1.01])
    }

    @Test("A new id in a busy slot ends the old contact and begins the new one")
    func idReplacement() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 2, id: 5, x: 10, y: 10); s.frame()
        s.contact(slot: 2, id: 6, x: 40, y: 40); s.frame()
        let frames = a.feed(s.take())
        #expect(summary(frames.last) == ["ended #5@2 10,10", "began #6@2 40,40"])
        #expect(a.activeTouches.map(\.trackingID) == [6])
    }

    @Test("A new contact starts where its slot last was when the kernel does not repeat X/Y")
    func inheritsPosition() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 1, id: 1, x: 300, y: 400); s.frame()
        s.contact(slot: 1, id: -1); s.frame()
        s.contact(slot: 1, id: 2); s.frame()
        #expect(summary(a.feed(s.take()).last) == ["began #2@1 300,400"])
    }

    @Test("Opened after another reader: a contact with no X/Y starts where the kernel had its slot, not at 0,0")
    func startsFromKernelPositions() {
        // The last process saw a tap at 300,400 in slot 0; this one opens the device afterwards, and
        // the kernel sends the next tap at the same point as a tracking id alone.
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        let idle = TouchSnapshot(contacts: [:], positions: [0: SIMD2(300, 400), 1: SIMD2(7, 8)])
        #expect(a.start(from: idle, at: 1) == nil, "nothing is down: no frame")
        var s = SyntheticStream()
        s.contact(slot: 0, id: 9); s.frame()
        s.contact(slot: 0, id: -1); s.frame()
        #expect(a.feed(s.take()).map { summary($0) } == [["began #9@0 300,400"], ["ended #9@0 300,400"]])
        // A finger already down at opening begins at once.
        var b = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        let down = TouchSnapshot(contacts: [1: RawContact(trackingID: 4, x: 7, y: 8)], positions: [1: SIMD2(7, 8)])
        #expect(summary(b.start(from: down, at: 1)) == ["began #4@1 7,8"])
    }

    @Test("Single touch opened after another reader: BTN_TOUCH alone starts at the kernel's ABS_X/Y")
    func singleTouchStartsFromKernelPosition() {
        var a = TouchAssembler(touchProtocol: .singleTouch, mapper: unitMapper)
        _ = a.start(from: TouchSnapshot(contacts: [:], touchDown: false, positions: [0: SIMD2(120, 90)]), at: 1)
        var s = SyntheticStream()
        s.key(SyntheticStream.btnTouch, 1); s.frame()
        #expect(summary(a.feed(s.take()).first).first?.hasSuffix("120,90") == true)
    }

    @Test("Two slots in one frame are reported in slot order; a repeated value is no move")
    func twoSlots() {
        var a = TouchAssembler(deviceID: 4, touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 1, id: 11, x: 1, y: 1)
        s.contact(slot: 0, id: 10, x: 2, y: 2)
        s.frame()
        let first = a.feed(s.take()).first
        #expect(summary(first) == ["began #10@0 2,2", "began #11@1 1,1"])
        #expect(first?.touches.allSatisfy { $0.deviceID == 4 } == true)
        s.move(slot: 0, x: 2); s.frame()  // same value again
        #expect(a.feed(s.take()).isEmpty)
    }
}

@Suite("TouchAssembler: SYN_DROPPED and device loss") struct DropAndLossTests {
    /// One contact (#1 in slot 0 at 100,100) down and reported.
    func oneDown() -> TouchAssembler {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 0, id: 1, x: 100, y: 100); s.frame()
        _ = a.feed(s.take())
        return a
    }

    @Test("SYN_DROPPED + snapshot: a contact that lifted during the drop ends, a new one begins")
    func resyncFromSnapshot() {
        var a = oneDown()
        var s = SyntheticStream()
        s.move(slot: 0, x: 999)  // half a frame, then the buffer overflowed
        s.syn(SyntheticStream.synDropped)
        s.contact(slot: 0, id: -1); s.contact(slot: 1, id: 2, x: 1, y: 1)  // ignored while dropping
        #expect(a.feed(s.take()).isEmpty)
        #expect(a.isDropping)
        let snapshot = TouchSnapshot(contacts: [1: RawContact(trackingID: 2, x: 500, y: 600)], currentSlot: 1)
        let frame = a.resynchronize(to: snapshot, at: 2)
        #expect(summary(frame) == ["ended #1@0 100,100", "began #2@1 500,600"])
        #expect(frame?.time == 2)
        #expect(!a.isDropping)
        // Reading goes on from the snapshot's current slot.
        s.abs(SyntheticStream.positionX, 550); s.frame()
        #expect(summary(a.feed(s.take()).first) == ["moved #2@1 550,600"])
    }

    @Test("SYN_DROPPED + snapshot with the same contact still down reports only its move")
    func resyncSameContact() {
        var a = oneDown()
        _ = a.feed(InputEvent(type: 0, code: SyntheticStream.synDropped, value: 0, time: 1.5))
        let frame = a.resynchronize(to: TouchSnapshot(contacts: [0: RawContact(trackingID: 1, x: 120, y: 100)]), at: 2)
        #expect(summary(frame) == ["moved #1@0 120,100"])
        #expect(a.activeTouches.map(\.trackingID) == [1])
    }

    @Test("SYN_DROPPED without a snapshot cancels what is down and ignores that contact until it lifts")
    func blindDrop() {
        var a = oneDown()
        var s = SyntheticStream()
        s.syn(SyntheticStream.synDropped)
        s.move(slot: 0, x: 300)
        s.frame()  // the SYN_REPORT that ends the damaged stretch
        let frames = a.feed(s.take())
        #expect(frames.map { summary($0) } == [["cancelled #1@0 100,100"]])
        #expect(a.activeTouches.isEmpty)
        s.move(slot: 0, x: 320); s.frame()  // the cancelled contact moves: ignored
        s.contact(slot: 0, id: -1); s.frame()  // and lifts: ignored, it was cancelled already
        s.contact(slot: 0, id: 9, x: 10, y: 10); s.frame()
        #expect(a.feed(s.take()).map { summary($0) } == [["began #9@0 10,10"]])
    }

    @Test("Events of a half-read frame before SYN_DROPPED are thrown away")
    func dropRollsBack() {
        var a = TouchAssembler(touchProtocol: .multitouchB, mapper: unitMapper)
        var s = SyntheticStream()
        s.contact(slot: 0, id: 4, x: 1, y: 1)  // never completed by a SYN_REPORT
        s.syn(SyntheticStream.synDropped)
        s.frame()
        #expect(a.feed(s.take()).isEmpty)
        #expect(a.activeTouches.isEmpty)
    }

    @Test("X-6: unplugged in the middle of a touch, every contact is cancelled at its last reported place")
    func unplugMidTouch() {
        var a = oneDown()
        var s = SyntheticStream()
        s.contact(slot: 1, id: 2, x: 700, y: 700); s.frame()
        s.move(slot: 0, x: 130)  // the device vanished before this frame's SYN
        _ = a.feed(s.take())
        let frame = a.cancelAll(at: 3)
        #expect(summary(frame) == ["cancelled #1@0 100,100", "cancelled #2@1 700,700"])
        #expect(frame?.time == 3)
        #expect(a.activeTouches.isEmpty)
        #expect(a.cancelAll(at: 4) == nil)  // nothing left to cancel
    }
}

@Suite("TouchAssembler: protocol A and single touch") struct OtherProtocolTests {
    /// One protocol-A frame with the given contacts (x, y).
    func frameA(_ s: inout SyntheticStream, _ contacts: [(Int32, Int32)], ids: [Int32]? = nil) {
        for (i, c) in contacts.enumerated() {
            if let ids { s.abs(SyntheticStream.trackingID, ids[i]) }
            s.abs(SyntheticStream.positionX, c.0); s.abs(SyntheticStream.positionY, c.1)
            s.syn(SyntheticStream.synMTReport)
        }
        if contacts.isEmpty { s.syn(SyntheticStream.synMTReport) }
        s.frame()
    }

    @Test("Protocol A: anonymous contacts keep their ids by nearness, lift when missing")
    func protocolA() {
        var a = TouchAssembler(touchProtocol: .multitouchA, mapper: unitMapper)
        var s = SyntheticStream()
        frameA(&s, [(100, 100), (800, 800)])
        #expect(summary(a.feed(s.take()).first) == ["began #0@0 100,100", "began #1@1 800,800"])
        frameA(&s, [(790, 810), (110, 100)])  // reported in the other order
        #expect(summary(a.feed(s.take()).first) == ["moved #0@0 110,100", "moved #1@1 790,810"])
        frameA(&s, [(795, 812)])
        #expect(summary(a.feed(s.take()).first) == ["ended #0@0 110,100", "moved #1@1 795,812"])
        frameA(&s, [(500, 500), (796, 812)])  // a new contact takes the free slot 0
        #expect(summary(a.feed(s.take()).first) == ["began #2@0 500,500", "moved #1@1 796,812"])
        frameA(&s, [])
        #expect(summary(a.feed(s.take()).first) == ["ended #2@0 500,500", "ended #1@1 796,812"])
        #expect(a.activeTouches.isEmpty)
    }

    @Test("Protocol A with tracking ids matches by id; BTN_TOUCH 0 lifts everything")
    func protocolAWithIDs() {
        var a = TouchAssembler(touchProtocol: .multitouchA, mapper: unitMapper)
        var s = SyntheticStream()
        frameA(&s, [(100, 100), (120, 100)], ids: [40, 41])
        _ = a.feed(s.take())
        frameA(&s, [(121, 100), (101, 100)], ids: [40, 41])  // ids win over nearness
        #expect(summary(a.feed(s.take()).first) == ["moved #40@0 121,100", "moved #41@1 101,100"])
        s.key(SyntheticStream.btnTouch, 0); s.frame()
        #expect(summary(a.feed(s.take()).first) == ["ended #40@0 121,100", "ended #41@1 101,100"])
    }

    @Test("Protocol A: a blind SYN_DROPPED cancels, the next full frame begins the contacts again")
    func protocolADrop() {
        var a = TouchAssembler(touchProtocol: .multitouchA, mapper: unitMapper)
        var s = SyntheticStream()
        frameA(&s, [(100, 100)])
        s.syn(SyntheticStream.synDropped)
        frameA(&s, [(105, 100)])
        frameA(&s, [(106, 100)])
        #expect(
            a.feed(s.take()).map { summary($0) } == [
                ["began #0@0 100,100"], ["cancelled #0@0 100,100"], ["began #1@0 106,100"],
            ])
    }

    @Test("Single touch: ABS_X/ABS_Y with BTN_TOUCH; each press gets a new id")
    func singleTouch() {
        var a = TouchAssembler(touchProtocol: .singleTouch, mapper: unitMapper)
        var s = SyntheticStream()
        s.abs(SyntheticStream.absX, 10); s.abs(SyntheticStream.absY, 20); s.key(SyntheticStream.btnTouch, 1); s.frame()
        s.abs(SyntheticStream.absX, 15); s.frame()
        s.key(SyntheticStream.btnTouch, 0); s.frame()
        s.abs(SyntheticStream.absX, 30); s.frame()  // hovering / stray: no contact, no frame
        s.key(SyntheticStream.btnTouch, 1); s.frame()
        #expect(
            a.feed(s.take()).map { summary($0) } == [
                ["began #0@0 10,20"], ["moved #0@0 15,20"], ["ended #0@0 15,20"], ["began #1@0 30,20"],
            ])
        // MT events on a single-touch device are ignored.
        s.contact(slot: 3, id: 77, x: 1, y: 1); s.frame()
        #expect(a.feed(s.take()).isEmpty)
    }

    @Test("Single touch: a lift lost in a SYN_DROPPED ends the touch from the snapshot")
    func singleTouchResync() {
        var a = TouchAssembler(touchProtocol: .singleTouch, mapper: unitMapper)
        var s = SyntheticStream()
        s.abs(SyntheticStream.absX, 10); s.abs(SyntheticStream.absY, 20); s.key(SyntheticStream.btnTouch, 1); s.frame()
        s.syn(SyntheticStream.synDropped)
        _ = a.feed(s.take())
        let frame = a.resynchronize(to: TouchSnapshot(contacts: [:], touchDown: false), at: 5)
        #expect(summary(frame) == ["ended #0@0 10,20"])
        #expect(a.activeTouches.isEmpty)
    }
}
