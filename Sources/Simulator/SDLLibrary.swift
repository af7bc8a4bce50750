import CSDL2
import Glibc

/// Why the simulator cannot start.
public struct SimulatorError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// libSDL2, opened at run time with dlopen: the kiosk binary has no link-time dependency on it, so a
/// panel (or the Debian package's dependencies) never needs SDL; only `simulate` does.
final class SDLLibrary {
    /// The runtime library's soname (Debian's libsdl2-2.0-0).
    static let soname = "libSDL2-2.0.so.0"
    /// The one line `simulate` prints when the library is missing.
    static let missingHint = "simulate needs libSDL2: apt install libsdl2-2.0-0"

    /// Every function the simulator calls, with the types SDL's header declares.
    let api: tw_sdl
    private let handle: UnsafeMutableRawPointer

    /// Opens libSDL2: `THUMBWHEEL_SDL` names another build of it (a path), else the system's.
    init() throws(SimulatorError) {
        let name = getenv("THUMBWHEEL_SDL").map { String(cString: $0) } ?? SDLLibrary.soname
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { throw SimulatorError(SDLLibrary.missingHint) }
        var api = tw_sdl()
        if let missing = tw_sdl_load(&api, handle) {
            dlclose(handle)
            throw SimulatorError(
                "\(SDLLibrary.soname) has no \(String(cString: missing)): \(SDLLibrary.missingHint) (2.0.1 or newer)")
        }
        self.handle = handle
        self.api = api
    }

    /// SDL's message for the last failure.
    var lastError: String { api.SDL_GetError().map { String(cString: $0) } ?? "" }
}
