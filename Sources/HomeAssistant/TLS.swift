import COpenSSL
import Glibc

/// libssl, opened at run time with dlopen the first time a wss:// connection needs it, so a panel
/// talking to Home Assistant over plain ws:// (or not at all) never maps it.
final class OpenSSLLibrary: @unchecked Sendable {
    let functions: tw_openssl

    private init(functions: tw_openssl) { self.functions = functions }

    /// The one library per process, or why it cannot be loaded. Loaded once; the loop's thread is the
    /// only caller.
    static func shared() -> Result<OpenSSLLibrary, TLSError> {
        if let loaded { return loaded }
        let result = load()
        loaded = result
        return result
    }
    nonisolated(unsafe) private static var loaded: Result<OpenSSLLibrary, TLSError>?

    private static func load() -> Result<OpenSSLLibrary, TLSError> {
        // RTLD_LOCAL: OpenSSL's symbols stay out of the kiosk's namespace (libmosquitto may bring its own).
        guard let handle = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? "unknown error"
            return .failure(TLSError(description: "wss needs libssl.so.3 (Debian: libssl3): \(why)"))
        }
        var functions = tw_openssl()
        if let missing = tw_openssl_load(&functions, handle) {
            return .failure(TLSError(description: "libssl.so.3 lacks \(String(cString: missing))"))
        }
        return .success(OpenSSLLibrary(functions: functions))
    }
}

/// Why a TLS connection failed: OpenSSL's words, with the certificate check's when that failed.
public struct TLSError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

/// One TLS client session over a connected non-blocking socket, with the server's certificate and
/// host name verified (against `caFile` when given, else the system's store).
final class TLSSession {
    private let lib: tw_openssl
    private let context: OpaquePointer
    private let ssl: OpaquePointer
    /// The length of a write OpenSSL asked to retry: it must be retried with the same bytes.
    private var retryLength = 0

    /// What a read or write did.
    enum Outcome { case done(Int), wantRead, wantWrite, closed, failed(String) }

    init(fd: Int32, host: String, caFile: String?) throws(TLSError) {
        let library: OpenSSLLibrary
        switch OpenSSLLibrary.shared() {
        case .success(let l): library = l
        case .failure(let e): throw e
        }
        lib = library.functions
        var functions = library.functions
        guard let ctx = lib.SSL_CTX_new(lib.TLS_client_method()) else {
            throw TLSError(description: "SSL_CTX_new failed")
        }
        context = ctx
        _ = tw_ssl_ctx_min_tls12(&functions, ctx)
        lib.SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nil)
        let loaded: Int32
        if let caFile {
            loaded = lib.SSL_CTX_load_verify_locations(ctx, caFile, nil)
        } else {
            loaded = lib.SSL_CTX_set_default_verify_paths(ctx)
        }
        guard loaded == 1, let s = lib.SSL_new(ctx) else {
            let why = Self.errorText(lib)
            lib.SSL_CTX_free(ctx)
            throw TLSError(
                description: caFile.map { "cannot load CA file \($0): \(why)" }
                    ?? "cannot load the system's CA certificates: \(why)")
        }
        ssl = s
        // Partial writes and a moving buffer: the write queue hands OpenSSL a slice of itself.
        _ = lib.SSL_ctrl(
            s, SSL_CTRL_MODE, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER), nil)
        _ = lib.SSL_set_fd(s, fd)
        // SNI names hosts, never addresses (RFC 6066 section 3); SSL_set1_host checks either.
        var address = in6_addr()
        if inet_pton(AF_INET, host, &address) != 1 && inet_pton(AF_INET6, host, &address) != 1 {
            _ = tw_ssl_set_sni(&functions, s, host)
        }
        guard lib.SSL_set1_host(s, host) == 1 else {
            lib.SSL_free(s); lib.SSL_CTX_free(ctx)
            throw TLSError(description: "cannot set the host name to verify")
        }
    }

    deinit {
        lib.SSL_free(ssl)
        lib.SSL_CTX_free(context)
    }

    /// Advances the handshake: done(0) when finished.
    func handshake() -> Outcome {
        lib.ERR_clear_error()
        let rc = lib.SSL_connect(ssl)
        if rc == 1 { return .done(0) }
        let outcome = classify(rc)
        if case .failed(let why) = outcome {
            let verify = lib.SSL_get_verify_result(ssl)
            if verify != X509_V_OK, let text = lib.X509_verify_cert_error_string(verify) {
                return .failed("certificate not accepted: \(String(cString: text))")
            }
            return .failed(why)
        }
        return outcome
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Outcome {
        lib.ERR_clear_error()
        let rc = lib.SSL_read(ssl, buffer.baseAddress, Int32(min(buffer.count, Int(Int32.max))))
        return rc > 0 ? .done(Int(rc)) : classify(rc)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        lib.ERR_clear_error()
        let length = retryLength > 0 ? min(retryLength, bytes.count) : min(bytes.count, 16384)
        let rc = lib.SSL_write(ssl, bytes.baseAddress, Int32(length))
        if rc > 0 { retryLength = 0; return .done(Int(rc)) }
        let outcome = classify(rc)
        switch outcome {
        case .wantRead, .wantWrite: retryLength = length;
        default: break
        }
        return outcome
    }

    private func classify(_ rc: Int32) -> Outcome {
        switch lib.SSL_get_error(ssl, rc) {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            let e = errno
            return rc == 0 || e == 0 ? .closed : .failed(String(cString: strerror(e)))
        default: return .failed(Self.errorText(lib))
        }
    }

    private static func errorText(_ lib: tw_openssl) -> String {
        let code = lib.ERR_get_error()
        guard code != 0 else { return "TLS error" }
        var text = [CChar](repeating: 0, count: 256)
        lib.ERR_error_string_n(code, &text, text.count)
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
