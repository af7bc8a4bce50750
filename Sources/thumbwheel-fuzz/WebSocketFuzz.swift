import Formats
import HomeAssistant

/// Bytes as a server's side of a WebSocket connection. The first byte picks the path and the piece
/// size: bit 0 clear, the rest is the HTTP upgrade answer (with the accept value of a fixed key, so
/// seeds can pass it) followed by frames; set, the rest is frames only (the fuzzer cannot be
/// expected to find the accept value). Pieces of 1 to 128 bytes exercise every split of a header.
/// Text messages that are JSON go on into an `EntityCache` as `subscribe_entities` events.
enum WebSocketFuzz {
    /// RFC 6455's example key, whose accept value the seeds carry.
    static let accept = WebSocketHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==")

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let piece = Int(first >> 1) + 1
        var rest = Array(bytes.dropFirst())
        if first & 1 == 0 {
            var parser = HandshakeResponseParser(expectedAccept: accept)
            var after: [UInt8]?
            var i = 0
            while after == nil && i < rest.count {
                let end = min(rest.count, i + piece)
                let r: [UInt8]?
                do { r = try parser.feed(rest[i..<end]) } catch { return }
                if let r { after = r + rest[end...] }
                i = end
            }
            guard let frames = after else { return }
            rest = frames
        }
        // A small limit, so inputs reach the size check.
        var decoder = WebSocketFrameDecoder(maximumMessage: 1024)
        // Each text message as a subscription event, into an entity cache: the first replaces it.
        var cache = EntityCache()
        var snapshot = true
        var i = 0
        while i < rest.count {
            let end = min(rest.count, i + piece)
            guard let events = try? decoder.feed(rest[i..<end]) else { return }
            for case .text(let text) in events {
                precondition(String(validating: text, as: UTF8.self) != nil)
                guard let json = JSON.parse(text) else { continue }
                _ = cache.apply(json["event"] ?? json, replacing: snapshot)
                snapshot = false
            }
            i = end
        }
    }
}
