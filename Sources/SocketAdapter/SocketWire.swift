import Kiosk
import ConfigLoading
import Formats

/// The control socket's encoding: compact JSON, keys sorted so a reply's text is the same on every
/// run, slashes unescaped (base64 is full of them): `JSON.text()`.
public enum SocketWire {
    /// `value` as one line of JSON text, without the newline.
    public static func encode(_ value: some Encodable) -> [UInt8] {
        do { return try JSONCoding.encode(value).text() } catch {
            // Only a non-finite number in a fixed reply field can get here; say so instead of
            // sending nothing, so the client is never left waiting.
            return Array("{\"error\":\"cannot encode the reply: non-finite number\"}".utf8)
        }
    }
}
