import Testing
import TestSupport
@testable import HomeAssistant

/// Server frames are unmasked: built here by hand, byte by byte, as RFC 6455 section 5.2 lays them out.
func serverFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
    var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    if payload.count < 126 {
        out.append(UInt8(payload.count))
    } else if payload.count <= 0xFFFF {
        out += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
    } else {
        out.append(127);
        for s in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: payload.count >> s)) }
    }
    return out + payload
}

@Suite("The WebSocket frame decoder and encoder")
struct FrameDecoderTests {
    @Test("A text frame, whole or a byte at a time, gives one message")
    func single() throws {
        let frame = serverFrame(1, Array("{\"type\":\"auth_required\"}".utf8))
        var d = WebSocketFrameDecoder()
        #expect(try d.feed(frame) == [.text(Array("{\"type\":\"auth_required\"}".utf8))])
        var slow = WebSocketFrameDecoder()
        var events: [WebSocketEvent] = []
        for b in frame { events += try slow.feed([b]) }
        #expect(events == [.text(Array("{\"type\":\"auth_required\"}".utf8))])
    }

    @Test("16- and 64-bit lengths")
    func lengths() throws {
        let medium = [UInt8](repeating: 0x41, count: 300), big = [UInt8](repeating: 0x42, count: 70_000)
        var d = WebSocketFrameDecoder()
        #expect(try d.feed(serverFrame(1, medium) + serverFrame(2, big)) == [.text(medium), .binary(big)])
    }

    @Test("Fragments are joined, with a ping between them passed through")
    func fragments() throws {
        var d = WebSocketFrameDecoder()
        let bytes =
            serverFrame(1, Array("hel".utf8), fin: false) + serverFrame(9, [1, 2])
            + serverFrame(0, Array("lo ".utf8), fin: false)
            + serverFrame(0, Array("world".utf8))
        #expect(try d.feed(bytes) == [.ping([1, 2]), .text(Array("hello world".utf8))])
    }

    @Test("Close with a code and reason ends the stream; later bytes are ignored")
    func close() throws {
        var d = WebSocketFrameDecoder()
        let events = try d.feed(serverFrame(8, [0x03, 0xE9] + Array("bye".utf8)) + serverFrame(1, [0x41]))
        #expect(events == [.close(code: 1001, reason: "bye")])
        #expect(d.finished)
        #expect(try d.feed(serverFrame(1, [0x41])) == [])
    }

    @Test(
        "What a server must not send is refused with the right close code",
        arguments: [
            ([0x81, 0x81, 1, 2, 3, 4, 0x41], 1002),  // masked
            ([0xC1, 0x00], 1002),  // RSV1
            ([0x83, 0x00], 1002),  // opcode 3
            ([0x09, 0x00], 1002),  // fragmented ping
            ([0x89, 126, 0, 126] + [UInt8](repeating: 0, count: 126), 1002),  // control over 125
            ([0x80, 0x01, 0x41], 1002),  // continuation of nothing
            ([0x01, 0x01, 0x41, 0x81, 0x01, 0x41], 1002),  // new message inside a fragmented one
            ([0x81, 126, 0, 5, 1, 2, 3, 4, 5], 1002),  // 16-bit length for 5 bytes
            ([0x81, 127, 0x80, 0, 0, 0, 0, 0, 0, 0], 1002),  // 64-bit length with the top bit
            ([0x81, 0x02, 0xC3, 0x28], 1007),  // invalid UTF-8
            ([0x88, 0x01, 0x03], 1002),  // close with a 1-byte body
        ] as [([UInt8], Int)])
    func refused(bytes: [UInt8], code: Int) {
        var d = WebSocketFrameDecoder()
        #expect((thrownError { _ = try d.feed(bytes) } as? WebSocketProtocolError)?.closeCode == UInt16(code))
        #expect(d.finished)
    }

    @Test("A message over the limit is refused from its header, before its bytes arrive")
    func limit() throws {
        var d = WebSocketFrameDecoder(maximumMessage: 1000)
        #expect(
            (thrownError { _ = try d.feed([0x81, 127, 0, 0, 0, 1, 0, 0, 0, 0]) } as? WebSocketProtocolError)?.closeCode
                == 1009)
        // Fragments count together.
        var f = WebSocketFrameDecoder(maximumMessage: 1000)
        _ = try f.feed(serverFrame(1, [UInt8](repeating: 0x41, count: 600), fin: false))
        let over = thrownError { _ = try f.feed(serverFrame(0, [UInt8](repeating: 0x41, count: 401))) }
        #expect((over as? WebSocketProtocolError)?.closeCode == 1009)
        var exact = WebSocketFrameDecoder(maximumMessage: 1000)
        _ = try exact.feed(serverFrame(1, [UInt8](repeating: 0x41, count: 600), fin: false))
        #expect(try exact.feed(serverFrame(0, [UInt8](repeating: 0x41, count: 400))).count == 1)
    }

    @Test("Client frames are masked, and unmasked they decode to what was sent")
    func encoder() throws {
        var random = SeededRandom(seed: 33)
        for length in [0, 5, 125, 126, 65535, 65536] {
            let payload = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next() % 128) }
            let mask = (UInt8(7), UInt8(99), UInt8(200), UInt8(1))
            var frame = WebSocketFrameEncoder.frame(.text, payload: payload, mask: mask)
            #expect(frame[1] & 0x80 != 0, "mask bit set")
            let header = length < 126 ? 2 : length <= 65535 ? 4 : 10
            let key = Array(frame[header..<(header + 4)])
            #expect(key == [7, 99, 200, 1])
            frame.removeSubrange(header..<(header + 4))
            frame[1] &= 0x7F
            for i in 0..<length { frame[header + i] ^= key[i & 3] }
            var d = WebSocketFrameDecoder(maximumMessage: 1 << 20)
            #expect(try d.feed(frame) == [.text(payload)], "length \(length)")
        }
    }
}

@Suite("The server's answer to the upgrade")
struct HandshakeParserTests {
    let accept = WebSocketHandshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==")

    func answer(_ lines: [String]) -> [UInt8] { Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) }

    @Test("A 101 with the right accept value, split anywhere, returns the bytes after it")
    func accepted() throws {
        let bytes =
            answer([
                "HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Accept: \(accept)", "Date: x",
            ]) + [0x81, 0x01, 0x41]
        // Splits inside the blank line that ends the header test the search for it across pieces.
        let header = bytes.count - 3
        for split in [1, 20, header - 3, header - 2, header - 1] {
            var p = HandshakeResponseParser(expectedAccept: accept)
            #expect(try p.feed(bytes[..<split]) == nil)
            #expect(try p.feed(bytes[split...]) == [0x81, 0x01, 0x41])
        }
    }

    @Test("Refused: another status (kept), a wrong accept, missing headers, no HTTP, a huge header")
    func refused() throws {
        var p = HandshakeResponseParser(expectedAccept: accept)
        let refused = thrownError {
            _ = try p.feed(answer(["HTTP/1.1 500 Internal Server Error", "Content-Length: 0"]))
        }
        #expect((refused as? HandshakeError)?.status == 500)
        for lines in [
            ["HTTP/1.1 101 OK", "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: xyz"],
            ["HTTP/1.1 101 OK", "Connection: Upgrade", "Sec-WebSocket-Accept: \(accept)"],
            ["HTTP/1.1 101 OK", "Upgrade: websocket", "Sec-WebSocket-Accept: \(accept)"],
            ["SSH-2.0-OpenSSH"],
            ["HTTP/1.1 101 OK", "no colon here"],
        ] {
            var q = HandshakeResponseParser(expectedAccept: accept)
            #expect(throws: HandshakeError.self, "\(lines)") { _ = try q.feed(answer(lines)) }
        }
        var big = HandshakeResponseParser(expectedAccept: accept)
        #expect(throws: HandshakeError.self) {
            _ = try big.feed([UInt8](repeating: 0x41, count: HandshakeResponseParser.maximumHeader + 1))
        }
    }
}
