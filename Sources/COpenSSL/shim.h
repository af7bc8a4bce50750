// OpenSSL for the Home Assistant client's wss:// connections, loaded at run time like libmosquitto
// (Sources/CMosquitto/shim.h): libssl-dev's headers give the types and constants, the functions are
// looked up with dlsym into `struct tw_openssl`. The module map has no `link`, so a panel without a
// wss:// Home Assistant never maps libssl or libcrypto.
#pragma once
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509.h>
#include <dlfcn.h>

/// Every OpenSSL function the client calls (libcrypto's ones are found through libssl's handle,
/// which depends on it).
#define TW_OPENSSL_FUNCTIONS(X) \
    X(TLS_client_method) X(SSL_CTX_new) X(SSL_CTX_free) X(SSL_CTX_set_verify) X(SSL_CTX_ctrl) \
    X(SSL_CTX_set_default_verify_paths) X(SSL_CTX_load_verify_locations) \
    X(SSL_new) X(SSL_free) X(SSL_set_fd) X(SSL_ctrl) X(SSL_set1_host) X(SSL_connect) \
    X(SSL_read) X(SSL_write) X(SSL_get_error) X(SSL_shutdown) X(SSL_get_verify_result) \
    X(X509_verify_cert_error_string) X(ERR_get_error) X(ERR_error_string_n) X(ERR_clear_error)

/// Pointers to the OpenSSL functions, each with the exact type the headers declare.
struct tw_openssl {
#define TW_OPENSSL_FIELD(name) __typeof__(name) *name;
    TW_OPENSSL_FUNCTIONS(TW_OPENSSL_FIELD)
#undef TW_OPENSSL_FIELD
};

/// Fills `ssl` from the library `handle` (from dlopen); returns the name of the first function
/// missing, or NULL when all were found.
static inline const char *tw_openssl_load(struct tw_openssl *ssl, void *handle) {
#define TW_OPENSSL_LOOKUP(name) if (!(ssl->name = (__typeof__(name) *)dlsym(handle, #name))) return #name;
    TW_OPENSSL_FUNCTIONS(TW_OPENSSL_LOOKUP)
#undef TW_OPENSSL_LOOKUP
    return 0;
}

/// SSL_CTX_set_min_proto_version and SSL_set_tlsext_host_name are macros over the ctrl functions.
static inline long tw_ssl_ctx_min_tls12(const struct tw_openssl *o, SSL_CTX *ctx) {
    return o->SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, 0);
}
static inline long tw_ssl_set_sni(const struct tw_openssl *o, SSL *ssl, const char *name) {
    return o->SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)name);
}
