/// Where Home Assistant's WebSocket API is: host, port, TLS or not, and the request path. Parsed from
/// the URL a user writes (`http://ha.local:8123`, `wss://ha.example/api/websocket`, …).
public struct ServerAddress: Equatable, Sendable {
    /// The host name or address as written (an IPv6 literal without its brackets).
    public var host: String
    public var port: UInt16
    /// Whether the connection runs over TLS (wss, https).
    public var secure: Bool
    /// The HTTP request path of the upgrade, `/api/websocket` unless the URL names another.
    public var path: String

    /// Why a URL is not one this client can use.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public init(host: String, port: UInt16, secure: Bool, path: String = "/api/websocket") {
        self.host = host; self.port = port; self.secure = secure; self.path = path
    }

    /// Parses `ws://`, `wss://`, `http://` or `https://` URLs. A URL with no path (or just `/`) gets
    /// HA's `/api/websocket`, since users copy the address of HA's web page rather than its API.
    public init(url: String) throws(Invalid) {
        // Searched for by hand: `firstRange(of:)` is _StringProcessing's, which would link its regex
        // parser into the kiosk binary (docs/performance.md, Footprint).
        guard let schemeStart = url.indices.first(where: { url[$0...].hasPrefix("://") }) else {
            throw Invalid(description: "url '\(url)' has no scheme (ws, wss, http or https)")
        }
        let schemeEnd = schemeStart..<url.index(schemeStart, offsetBy: 3)
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        switch scheme {
        case "ws", "http": secure = false
        case "wss", "https": secure = true
        default: throw Invalid(description: "url scheme '\(scheme)' is not ws, wss, http or https")
        }
        var rest = url[schemeEnd.upperBound...]
        let authority: Substring
        if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            authority = rest[..<slash]
            rest = rest[slash...]
        } else {
            authority = rest
            rest = ""
        }
        // Credentials in the URL are not how HA authenticates; refusing them keeps them out of logs.
        guard !authority.contains("@") else {
            throw Invalid(description: "url must not carry a user or password (the token goes in token_file)")
        }
        var hostPart: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw Invalid(description: "url has an unclosed '[' in its host")
            }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw Invalid(description: "url has text after its IPv6 host") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
        }
        guard !hostPart.isEmpty else { throw Invalid(description: "url '\(url)' has no host") }
        guard hostPart.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._:%".contains($0)) }) else {
            throw Invalid(description: "url host '\(hostPart)' has characters a host name cannot have")
        }
        host = String(hostPart)
        if let portText {
            guard let p = UInt16(portText), p > 0 else {
                throw Invalid(description: "url port '\(portText)' is not a number from 1 to 65535")
            }
            port = p
        } else {
            port = secure ? 443 : 80
        }
        let pathPart = rest.prefix { $0 != "#" }
        path = (pathPart.isEmpty || pathPart == "/") ? "/api/websocket" : String(pathPart)
        guard path.hasPrefix("/"), path.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw Invalid(
                description: "url path '\(path)' must start with '/' and hold no spaces or control characters")
        }
    }

    /// The Host header's value: the port only when it is not the scheme's default.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
    }
}
