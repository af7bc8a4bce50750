import Glibc
import Platform

/// How to reach Home Assistant: what a `[homeassistant]` table will carry once the config loader
/// reads it. The token is kept out of `description`, so printing the settings never shows it.
public struct HomeAssistantSettings: Sendable, CustomStringConvertible {
    public var address: ServerAddress
    /// A long-lived access token.
    public var token: String
    /// A PEM file of the CA certificates to trust for wss (nil: the system's store).
    public var caFile: String?

    public init(address: ServerAddress, token: String, caFile: String? = nil) {
        self.address = address; self.token = token; self.caFile = caFile
    }

    /// Parses `url` and takes the token as it is.
    public init(url: String, token: String, caFile: String? = nil) throws(ServerAddress.Invalid) {
        self.init(address: try ServerAddress(url: url), token: token, caFile: caFile)
    }

    public var description: String {
        let scheme = address.secure ? "wss" : "ws"
        return
            "\(scheme)://\(address.hostHeader)\(address.path) (token: \(token.utf8.count) bytes\(caFile.map { ", CA file \($0)" } ?? ""))"
    }
}

/// Why a token file cannot be used.
public struct TokenFileError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

/// Reads long-lived access tokens from files.
public enum TokenFile {
    /// The token in `path` (surrounding white space removed). Refuses a file any user may read (the
    /// token is as good as the HA user's password), one that is not a regular file, an empty one and
    /// one longer than a token could be. The errors never quote the file's content.
    public static func read(_ path: String) throws(TokenFileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            throw TokenFileError(description: "token_file \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw TokenFileError(description: "token_file \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw TokenFileError(description: "token_file \(path) is not a regular file")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o007 == 0 else {
            throw TokenFileError(
                description:
                    "token_file \(path) can be read by every user (mode \(String(mode, radix: 8))): make it private with chmod 600 (or 640 for a group)"
            )
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw TokenFileError(description: "token_file \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
            guard bytes.count <= 16384 else {
                throw TokenFileError(description: "token_file \(path) is over 16 KB: not a token")
            }
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let token = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        guard !token.isEmpty else { throw TokenFileError(description: "token_file \(path) is empty") }
        guard token.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw TokenFileError(
                description: "token_file \(path) holds more than one line or characters a token cannot have")
        }
        return String(decoding: Array(token), as: UTF8.self)
    }
}
