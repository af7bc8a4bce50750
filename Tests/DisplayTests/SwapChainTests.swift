import Core
import Testing
@testable import Display

@Suite("Swap chain: buffer states and per-buffer damage")
struct SwapChainTests {
    let bounds = PixelRect(x: 0, y: 0, width: 100, height: 50)

    @Test("Two buffers: after a flip is submitted nothing is writable until it completes")
    func twoBuffersDefer() {
        var chain = SwapChain(bufferCount: 2, bounds: bounds)
        let a = try! #require(chain.writableBuffer)
        _ = chain.takeDamage(of: a)
        chain.markReady(a)
        chain.shownImmediately(a)  // first frame by mode set
        let b = try! #require(chain.writableBuffer)
        #expect(b != a)
        _ = chain.takeDamage(of: b)
        chain.markReady(b)
        #expect(chain.bufferToShow == b)
        chain.flipSubmitted(b)
        #expect(chain.writableBuffer == nil)
        let completed = chain.flipCompleted()
        #expect(completed)
        #expect(chain.onScreen == b)
        #expect(chain.writableBuffer == a)
        let late = chain.flipCompleted()  // a late, unexpected event is ignored
        #expect(!late)
    }

    @Test("Three buffers: a ready buffer waiting for the flip is reused by the next frame")
    func threeBuffersMailbox() {
        var chain = SwapChain(bufferCount: 3, bounds: bounds)
        let a = chain.writableBuffer!; _ = chain.takeDamage(of: a); chain.markReady(a); chain.shownImmediately(a)
        let b = chain.writableBuffer!; _ = chain.takeDamage(of: b); chain.markReady(b); chain.flipSubmitted(b)
        let c = try! #require(chain.writableBuffer)
        #expect(c != a && c != b)
        _ = chain.takeDamage(of: c); chain.markReady(c)
        #expect(chain.bufferToShow == nil)  // b's flip is still in flight
        #expect(chain.writableBuffer == c)  // latest frame wins: rewrite c
        chain.flipCompleted()
        #expect(chain.bufferToShow == c)
        #expect(chain.states[a] == .free)
    }

    @Test("A small change after start-up costs a small copy in every buffer")
    func smallChangeSmallCopy() {
        for count in 1...3 {
            var chain = SwapChain(bufferCount: count, bounds: bounds)
            // Bring every buffer up to date once (start-up costs a full copy each).
            for i in 0..<count {
                #expect(chain.takeDamage(of: i) == [bounds])
                chain.markReady(i); chain.shownImmediately(i)
            }
            let dot = PixelRect(x: 10, y: 10, width: 4, height: 4)
            for _ in 0..<6 {
                chain.addDamage([dot])
                let i = chain.writableBuffer!
                #expect(chain.takeDamage(of: i) == [dot], "\(count) buffers")
                chain.markReady(i); chain.shownImmediately(i)
            }
        }
    }

    @Test("A buffer carries forward the damage of frames it missed")
    func carriesForward() {
        var chain = SwapChain(bufferCount: 2, bounds: bounds)
        for _ in 0..<2 {
            let i = chain.writableBuffer!; _ = chain.takeDamage(of: i); chain.markReady(i); chain.shownImmediately(i)
        }
        let r1 = PixelRect(x: 0, y: 0, width: 5, height: 5), r2 = PixelRect(x: 60, y: 30, width: 5, height: 5)
        chain.addDamage([r1])
        let first = chain.writableBuffer!; _ = chain.takeDamage(of: first); chain.markReady(first);
        chain.shownImmediately(first)
        chain.addDamage([r2])
        let second = chain.writableBuffer!
        #expect(second != first)
        #expect(Set(chain.takeDamage(of: second)) == [r1, r2])
    }

    @Test("After a pause every buffer is fully damaged and nothing is pending")
    func resetAfterPause() {
        var chain = SwapChain(bufferCount: 3, bounds: bounds)
        let a = chain.writableBuffer!; _ = chain.takeDamage(of: a); chain.markReady(a); chain.shownImmediately(a)
        let b = chain.writableBuffer!; _ = chain.takeDamage(of: b); chain.markReady(b); chain.flipSubmitted(b)
        chain.resetAfterPause()
        #expect(!chain.flipPending)
        #expect(chain.onScreen == a)
        for i in 0..<3 { #expect(chain.pendingDamage(of: i) == [bounds]) }
    }
}
