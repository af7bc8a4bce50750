#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_MODULE_H
#include <stdlib.h>

// A FreeType library with the modules the kiosk's fonts need. The static build
// (scripts/build-release --static, which defines THUMBWHEEL_FREETYPE_MODULES and links Debian's
// libfreetype.a) adds only the drivers for TrueType and CFF-flavoured OpenType, the tables and names
// they read, and the anti-aliasing renderer, so the other drivers (Type 1, CID, PFR, bitmap fonts, the
// auto-hinter, the SDF and monochrome renderers) are neither linked nor set up at start. Against the
// shared library, whose module classes are not exported, it is FT_Init_FreeType with all of them.
#if defined(THUMBWHEEL_FREETYPE_MODULES)
extern const FT_Module_Class psnames_module_class;
extern const FT_Module_Class sfnt_module_class;
extern const FT_Module_Class tt_driver_class;
extern const FT_Module_Class psaux_module_class;
extern const FT_Module_Class cff_driver_class;
extern const FT_Module_Class ft_smooth_renderer_class;

static void *thumbwheel_ft_alloc(FT_Memory memory, long size) { (void)memory; return malloc((size_t)size); }
static void thumbwheel_ft_free(FT_Memory memory, void *block) { (void)memory; free(block); }
static void *thumbwheel_ft_realloc(FT_Memory memory, long current, long size, void *block) {
    (void)memory; (void)current;
    return realloc(block, (size_t)size);
}
static struct FT_MemoryRec_ thumbwheel_ft_memory = {
    NULL, thumbwheel_ft_alloc, thumbwheel_ft_free, thumbwheel_ft_realloc
};
#endif

/// Starts a FreeType library for the kiosk's fonts (TrueType and OpenType); 0 on success.
static inline FT_Error thumbwheel_ft_new_library(FT_Library *library) {
#if defined(THUMBWHEEL_FREETYPE_MODULES)
    FT_Error error = FT_New_Library(&thumbwheel_ft_memory, library);
    if (error) return error;
    // Dependencies first: sfnt reads psnames, the drivers read sfnt and psaux.
    const FT_Module_Class *modules[] = {
        &psnames_module_class, &sfnt_module_class, &tt_driver_class,
        &psaux_module_class, &cff_driver_class, &ft_smooth_renderer_class,
    };
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++) {
        error = FT_Add_Module(*library, modules[i]);
        if (error) { FT_Done_Library(*library); *library = NULL; return error; }
    }
    return 0;
#else
    return FT_Init_FreeType(library);
#endif
}

/// Ends a library `thumbwheel_ft_new_library` started (after its faces are done).
static inline void thumbwheel_ft_done_library(FT_Library library) {
#if defined(THUMBWHEEL_FREETYPE_MODULES)
    FT_Done_Library(library);
#else
    FT_Done_FreeType(library);
#endif
}
