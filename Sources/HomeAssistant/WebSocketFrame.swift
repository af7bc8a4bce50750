/// RFC 6455 frames: the client's (always masked) encoder and an incremental decoder of the server's.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA
    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// One thing the server said, once its frames are complete.
public enum WebSocketEvent: Equatable, Sendable {
    /// A whole text message (fragments joined), checked as UTF-8.
    case text([UInt8])
    /// A whole binary message.
    case binary([UInt8])
    /// A ping; the client answers with a pong carrying the same bytes.
    case ping([UInt8])
    case pong([UInt8])
    /// The server closes: its status code (nil when it gave none) and reason.
    case close(code: UInt16?, reason: String)
}

/// Why the server's bytes are not a WebSocket stream this client accepts. The connection is then
/// failed (RFC 6455 section 7.1.7) with the close code given.
public struct WebSocketProtocolError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// 1002 protocol error, 1007 bad UTF-8, 1009 too big.
    public var closeCode: UInt16
}

/// Encodes client frames. Each is masked with 4 bytes from `mask` (RFC 6455 section 5.3 wants them
/// unpredictable, so the caller passes random ones).
public enum WebSocketFrameEncoder {
    /// One unfragmented frame: FIN set, the payload masked.
    public static func frame(
        _ opcode: WebSocketOpcode, payload: some Collection<UInt8>, mask: (UInt8, UInt8, UInt8, UInt8)
    ) -> [UInt8] {
        var out: [UInt8] = [0x80 | opcode.rawValue]
        out.reserveCapacity(payload.count + 14)
        let n = payload.count
        if n < 126 {
            out.append(0x80 | UInt8(n))
        } else if n <= 0xFFFF {
            let length: [UInt8] = [0x80 | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
            out += length
        } else {
            out.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: UInt64(n) >> UInt64(shift)))
            }
        }
        let key = [mask.0, mask.1, mask.2, mask.3]
        out += key
        var i = 0
        for byte in payload { out.append(byte ^ key[i & 3]); i += 1 }
        return out
    }

    /// The body of the close frame that answers a server's close with `code`: the code echoed when it
    /// is one an endpoint may send (RFC 6455 section 7.4), 1000 for one it may not (1005, 1006 and 1015
    /// are never sent; below 1000 and the unassigned ones are not codes), and no body for no code.
    public static func closeReply(to code: UInt16?) -> [UInt8] {
        guard let code else { return [] }
        let sendable = (1000...1003).contains(code) || (1007...1014).contains(code) || (3000...4999).contains(code)
        let reply: UInt16 = sendable ? code : 1000
        return [UInt8(reply >> 8), UInt8(reply & 0xFF)]
    }

    /// A close frame with `code` and a reason (cut to fit a control frame's 125 bytes).
    public static func close(code: UInt16, reason: String, mask: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        frame(.close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8.prefix(123)), mask: mask)
    }
}

/// Reads the server's frames as bytes arrive, in any pieces: joins fragmented messages, passes control
/// frames through (they may come between fragments), and refuses what RFC 6455 forbids a server to
/// send — masked frames, reserved bits, unknown opcodes, long or fragmented control frames — and
/// messages over `maximumMessage` bytes, before it buffers them.
public struct WebSocketFrameDecoder {
    /// The largest message (all fragments together) accepted.
    public let maximumMessage: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// The opcode and bytes of a fragmented message not yet finished.
    private var partialOpcode: WebSocketOpcode?
    private var partial: [UInt8] = []
    /// Set after an error or a close: everything after is ignored.
    public private(set) var finished = false

    public init(maximumMessage: Int = 4 << 20) { self.maximumMessage = maximumMessage }

    /// Adds `bytes` and returns the events now complete. Throws at the first violation; the decoder
    /// is then finished and the connection must be failed.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(WebSocketProtocolError) -> [WebSocketEvent] {
        guard !finished else { return [] }
        buffer += bytes
        var events: [WebSocketEvent] = []
        do {
            while let event = try next() {
                events.append(event)
                if case .close = event { finished = true; break }
            }
        } catch {
            finished = true
            buffer = []; start = 0; partial = []
            throw error
        }
        // Drop what was read, now and then, so the buffer does not grow with the stream.
        if start > 0 && (start == buffer.count || start > 65536) {
            buffer.removeFirst(start)
            start = 0
        }
        return events
    }

    /// The storage its buffers hold.
    var retainedBytes: Int { buffer.capacity + partial.capacity }

    /// Frees the input buffer's storage when nothing is waiting in it (after a large message: its
    /// capacity would otherwise stay for the connection's life).
    public mutating func releaseBuffers() {
        if start == buffer.count { buffer = []; start = 0 }
        if partialOpcode == nil { partial = [] }
    }

    private func fail(_ text: String, _ code: UInt16 = 1002) -> WebSocketProtocolError {
        WebSocketProtocolError(description: text, closeCode: code)
    }

    /// The next event, nil when more bytes are needed (frames of a fragmented message that is not
    /// finished yet are consumed without an event).
    private mutating func next() throws(WebSocketProtocolError) -> WebSocketEvent? {
        while true {
            let available = buffer.count - start
            guard available >= 2 else { return nil }
            let b0 = buffer[start], b1 = buffer[start + 1]
            let fin = b0 & 0x80 != 0
            guard b0 & 0x70 == 0 else { throw fail("frame has reserved bits set (no extension was agreed)") }
            guard let opcode = WebSocketOpcode(rawValue: b0 & 0x0F) else {
                throw fail("frame has unknown opcode \(b0 & 0x0F)")
            }
            guard b1 & 0x80 == 0 else { throw fail("server frame is masked") }
            var headerLength = 2
            var length = UInt64(b1 & 0x7F)
            if length == 126 {
                guard available >= 4 else { return nil }
                length = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
                guard length >= 126 else { throw fail("frame length not in its shortest form") }
                headerLength = 4
            } else if length == 127 {
                guard available >= 10 else { return nil }
                length = 0
                for i in 0..<8 { length = length << 8 | UInt64(buffer[start + 2 + i]) }
                guard length >> 63 == 0 else { throw fail("frame length has its top bit set") }
                guard length > 0xFFFF else { throw fail("frame length not in its shortest form") }
                headerLength = 10
            }
            if opcode.isControl {
                guard fin else { throw fail("control frame is fragmented") }
                guard length <= 125 else { throw fail("control frame longer than 125 bytes") }
            } else {
                let sofar = opcode == .continuation ? partial.count : 0
                guard length <= UInt64(maximumMessage - sofar) else {
                    throw fail("message longer than the limit of \(maximumMessage) bytes", 1009)
                }
                if opcode == .continuation {
                    guard partialOpcode != nil else { throw fail("continuation frame with no message to continue") }
                } else if partialOpcode != nil {
                    throw fail("new message begun before the fragmented one finished")
                }
            }
            let total = headerLength + Int(length)
            guard available >= total else { return nil }
            let payload = Array(buffer[(start + headerLength)..<(start + total)])
            start += total

            switch opcode {
            case .ping: return .ping(payload)
            case .pong: return .pong(payload)
            case .close: return try closeEvent(payload)
            case .text, .binary:
                if fin { return try message(opcode, payload) }
                partialOpcode = opcode
                partial = payload
            case .continuation:
                partial += payload
                if fin, let first = partialOpcode {
                    let whole = partial
                    partialOpcode = nil
                    partial = []
                    return try message(first, whole)
                }
            }
        }
    }

    private func message(_ opcode: WebSocketOpcode, _ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketEvent
    {
        guard opcode == .text else { return .binary(payload) }
        guard String(validating: payload, as: UTF8.self) != nil else {
            throw fail("text message is not valid UTF-8", 1007)
        }
        return .text(payload)
    }

    private func closeEvent(_ payload: [UInt8]) throws(WebSocketProtocolError) -> WebSocketEvent {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw fail("close frame with a 1-byte body") }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw fail("close reason is not valid UTF-8", 1007)
        }
        return .close(code: UInt16(payload[0]) << 8 | UInt16(payload[1]), reason: reason)
    }
}
