// SDL2 for the desktop simulator, loaded at run time: SDL's header gives the types and constants,
// and the functions are looked up with dlsym into `struct tw_sdl`. Nothing here links against
// libSDL2 (the module map has no `link`), so the kiosk binary on a panel never needs it.
#pragma once
#define SDL_MAIN_HANDLED
#include <SDL2/SDL.h>
#include <dlfcn.h>

/// Every SDL function the simulator calls, once: the struct's fields and the loader both come from it.
#define TW_SDL_FUNCTIONS(X) \
    X(SDL_Init) X(SDL_Quit) X(SDL_GetError) X(SDL_SetHint) \
    X(SDL_CreateWindow) X(SDL_DestroyWindow) X(SDL_SetWindowTitle) \
    X(SDL_GetWindowSurface) X(SDL_UpdateWindowSurface) X(SDL_UpdateWindowSurfaceRects) \
    X(SDL_PollEvent) X(SDL_GetModState) X(SDL_GetCurrentVideoDriver)

/// Pointers to the SDL functions, each with the exact type SDL's header declares.
struct tw_sdl {
#define TW_SDL_FIELD(name) __typeof__(name) *name;
    TW_SDL_FUNCTIONS(TW_SDL_FIELD)
#undef TW_SDL_FIELD
};

/// Fills `sdl` from the library `handle` (from dlopen); returns the name of the first function
/// missing, or NULL when all were found.
static inline const char *tw_sdl_load(struct tw_sdl *sdl, void *handle) {
#define TW_SDL_LOOKUP(name) if (!(sdl->name = (__typeof__(name) *)dlsym(handle, #name))) return #name;
    TW_SDL_FUNCTIONS(TW_SDL_LOOKUP)
#undef TW_SDL_LOOKUP
    return 0;
}

/// SDL_WINDOWPOS_UNDEFINED is a function-like macro, which Swift does not import.
static inline int tw_sdl_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
