import Formats
import Platform

/// One large text message from HA parsed as JSON on a short-lived thread of its own (`OffLoopWork`), the
/// messages handed back to the loop: a parse of megabytes would otherwise hold touches, frames and
/// other clients for its whole length (the per-turn budget cannot split one message). The client
/// pauses its connection meanwhile, so messages keep their order and nothing piles up. Where no thread
/// can be had, the text is parsed on the next turn.
typealias OffLoopParse = OffLoopWork<[JSON]?>

extension OffLoopWork where Output == [JSON]? {
    /// Parses `text` off the loop; `completion` gets its messages (nil: not JSON) on a later turn.
    convenience init(_ text: [UInt8], loop: EventLoop, completion: @escaping ([JSON]?) -> Void) {
        // The parser recurses once per level of nesting, which the reader bounds: 8 MiB is ample.
        self.init(
            loop: loop, stackSize: 8 << 20, work: { HAMessage.messages(text) },
            fallback: { _ in HAMessage.messages(text) }, completion: completion)
    }
}
