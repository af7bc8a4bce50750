// libmosquitto, the MQTT client the kiosk drives from its own epoll loop (no mosquitto_loop_start:
// the kiosk has one thread). Loaded at run time, like SDL (Sources/CSDL2/shim.h): mosquitto.h gives
// the types and constants, and the functions are looked up with dlsym into `struct tw_mosquitto`.
// Nothing here links against libmosquitto (the module map has no `link`), so a panel without [mqtt]
// never maps it, nor the libssl and libcrypto it brings (1.5 MB of the running kiosk's memory).
#pragma once
#include <mosquitto.h>
#include <dlfcn.h>

/// Every libmosquitto function the kiosk calls, once: the struct's fields and the loader both come from it.
#define TW_MOSQUITTO_FUNCTIONS(X) \
    X(mosquitto_lib_init) X(mosquitto_strerror) X(mosquitto_connack_string) X(mosquitto_reason_string) \
    X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_reinitialise) \
    X(mosquitto_will_set) X(mosquitto_username_pw_set) X(mosquitto_int_option) \
    X(mosquitto_tls_set) X(mosquitto_tls_insecure_set) \
    X(mosquitto_connect_callback_set) X(mosquitto_message_callback_set) \
    X(mosquitto_connect_async) X(mosquitto_disconnect) X(mosquitto_socket) X(mosquitto_want_write) \
    X(mosquitto_loop_read) X(mosquitto_loop_write) X(mosquitto_loop_misc) \
    X(mosquitto_publish) X(mosquitto_subscribe) X(mosquitto_unsubscribe)

/// Pointers to the libmosquitto functions, each with the exact type mosquitto.h declares.
struct tw_mosquitto {
#define TW_MOSQUITTO_FIELD(name) __typeof__(name) *name;
    TW_MOSQUITTO_FUNCTIONS(TW_MOSQUITTO_FIELD)
#undef TW_MOSQUITTO_FIELD
};

/// Fills `mosq` from the library `handle` (from dlopen); returns the name of the first function
/// missing, or NULL when all were found.
static inline const char *tw_mosquitto_load(struct tw_mosquitto *mosq, void *handle) {
#define TW_MOSQUITTO_LOOKUP(name) if (!(mosq->name = (__typeof__(name) *)dlsym(handle, #name))) return #name;
    TW_MOSQUITTO_FUNCTIONS(TW_MOSQUITTO_LOOKUP)
#undef TW_MOSQUITTO_LOOKUP
    return 0;
}
