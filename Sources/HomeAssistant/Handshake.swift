import Formats

/// The opening handshake of RFC 6455 section 4: the client's HTTP upgrade request and a check of
/// the server's answer.
public enum WebSocketHandshake {
    /// The GUID section 1.3 appends to the key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The `Sec-WebSocket-Key` for 16 random bytes.
    public static func key(random: [UInt8]) -> String { Base64.encode(random) }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with: base64(SHA-1(key + GUID)).
    public static func accept(forKey key: String) -> String { Base64.encode(SHA1.digest(Array((key + guid).utf8))) }

    /// The upgrade request for `address` with `key`.
    public static func request(_ address: ServerAddress, key: String) -> [UInt8] {
        Array(
            ("GET \(address.path) HTTP/1.1\r\n" + "Host: \(address.hostHeader)\r\n" + "Upgrade: websocket\r\n"
                + "Connection: Upgrade\r\n" + "Sec-WebSocket-Key: \(key)\r\n" + "Sec-WebSocket-Version: 13\r\n"
                + "User-Agent: thumbwheel\r\n\r\n").utf8)
    }
}

/// Why the server's answer to the upgrade is not a WebSocket handshake.
public struct HandshakeError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// The HTTP status when the server answered with one other than 101 (404: wrong path; 500: HA's
    /// http component failing).
    public var status: Int?
}

/// Reads the server's HTTP answer to the upgrade as bytes arrive.
public struct HandshakeResponseParser {
    /// The longest header block accepted: HA's is a few hundred bytes.
    public static let maximumHeader = 16384
    public let expectedAccept: String
    private var buffer: [UInt8] = []

    public init(expectedAccept: String) { self.expectedAccept = expectedAccept }

    /// Adds `bytes`. Returns nil while the header is incomplete; once it is, the bytes after it (the
    /// first frames, when the server sent them at once). Throws when the answer is not a valid upgrade.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(HandshakeError) -> [UInt8]? {
        let searchFrom = max(0, buffer.count - 3)
        buffer += bytes
        guard let end = Self.headerEnd(buffer, from: searchFrom) else {
            if buffer.count > Self.maximumHeader {
                throw HandshakeError(description: "upgrade answer's header is over \(Self.maximumHeader) bytes")
            }
            return nil
        }
        guard end <= Self.maximumHeader else {
            throw HandshakeError(description: "upgrade answer's header is over \(Self.maximumHeader) bytes")
        }
        try check(Array(buffer[..<end]))
        let rest = Array(buffer[(end + 4)...])
        buffer = []
        return rest
    }

    private static func headerEnd(_ b: [UInt8], from: Int) -> Int? {
        var i = from
        while i + 3 < b.count {
            if b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    private func check(_ header: [UInt8]) throws(HandshakeError) {
        let text = String(decoding: header, as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = lines.first else { throw HandshakeError(description: "empty upgrade answer") }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...599).contains(status)
        else {
            throw HandshakeError(description: "upgrade answer is not HTTP: '\(statusLine.prefix(80))'")
        }
        guard status == 101 else {
            let phrase = parts.count > 2 ? " \(parts[2].prefix(80))" : ""
            throw HandshakeError(
                description: "server answered the upgrade with HTTP \(status)\(phrase)", status: status)
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw HandshakeError(description: "malformed header line in upgrade answer")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            headers[name] = headers[name].map { $0 + "," + value } ?? value
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else {
            throw HandshakeError(description: "upgrade answer lacks 'Upgrade: websocket'")
        }
        guard let connection = headers["connection"],
            connection.lowercased().split(separator: ",").contains(where: { $0.trimmingSpaces == "upgrade" })
        else {
            throw HandshakeError(description: "upgrade answer lacks 'Connection: Upgrade'")
        }
        guard headers["sec-websocket-accept"] == expectedAccept else {
            throw HandshakeError(description: "upgrade answer's Sec-WebSocket-Accept does not match the key sent")
        }
        if let ext = headers["sec-websocket-extensions"], !ext.isEmpty {
            throw HandshakeError(
                description: "server chose an extension ('\(ext.prefix(40))') the client did not offer")
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
