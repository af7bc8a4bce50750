import Kiosk
import ConfigLoading
import CMosquitto
import Glibc

/// libmosquitto, opened at run time with dlopen and only for a config with `[mqtt]`: the kiosk binary
/// has no link-time dependency on it, so a panel without MQTT never maps libmosquitto, libssl and
/// libcrypto. The Debian package still depends on libmosquitto1, so MQTT works after `apt install`.
/// Immutable once opened: `api` is only read, from the kiosk's one thread or any.
final class MosquittoLibrary: @unchecked Sendable {
    /// The runtime library's soname (Debian's libmosquitto1).
    static let soname = "libmosquitto.so.1"
    /// The Debian package that holds it.
    static let package = "libmosquitto1"

    /// Every libmosquitto function the kiosk calls, with the types mosquitto.h declares.
    let api: tw_mosquitto

    private init(api: tw_mosquitto) { self.api = api }

    /// The library, opened (and mosquitto_lib_init run) on first use, once per process; or why not,
    /// in one line naming the library and the package to install.
    static let shared: Result<MosquittoLibrary, MQTTLibraryError> = open()

    /// Opens libmosquitto: `THUMBWHEEL_MOSQUITTO` names another build of it (a path), else the system's.
    private static func open() -> Result<MosquittoLibrary, MQTTLibraryError> {
        let name = getenv("THUMBWHEEL_MOSQUITTO").map { String(cString: $0) } ?? soname
        // RTLD_LOCAL: libmosquitto's symbols (and OpenSSL's) stay out of the kiosk's namespace.
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(MQTTLibraryError(reason: dlerror().map { String(cString: $0) } ?? "not found"))
        }
        var api = tw_mosquitto()
        if let missing = tw_mosquitto_load(&api, handle) {
            dlclose(handle)
            return .failure(
                MQTTLibraryError(
                    reason: "\(name) has no \(String(cString: missing)): libmosquitto 2.0 or newer is needed"))
        }
        guard api.mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue else {
            return .failure(MQTTLibraryError(reason: "\(name): mosquitto_lib_init failed"))
        }
        // Never closed: libmosquitto lives as long as the kiosk.
        return .success(MosquittoLibrary(api: api))
    }
}

/// Why libmosquitto cannot be used on this machine, for the journal and `check-config`.
struct MQTTLibraryError: Error, CustomStringConvertible {
    /// dlopen's or the loader's words.
    let reason: String
    /// What to do about it.
    static let remedy = "install it with `apt install \(MosquittoLibrary.package)`"
    var description: String { "cannot open \(MosquittoLibrary.soname) (\(reason)): \(MQTTLibraryError.remedy)" }
}

extension MosquittoLibrary {
    /// check-config's warning when this machine cannot open the library (`MachineProbes`), or nil.
    static func missingWarning() -> String? {
        guard case .failure(let missing) = shared else { return nil }
        return
            "expected \(soname) to reach the broker, found none on this machine (\(missing.reason)): \(MQTTLibraryError.remedy); "
            + "until then the kiosk runs without MQTT"
    }
}

/// What the MQTT adapter adds to check-config: whether this machine can open libmosquitto.
public enum MQTTProbes {
    /// Registers the `[mqtt]` probe (`MachineProbes`); the program calls it before loading a config.
    public static func register() { MachineProbes.bySection["mqtt"] = { MosquittoLibrary.missingWarning() } }
}
