#pragma once
#include <png.h>

// PNG_FORMAT_* are composed macros that do not import into Swift.
static inline png_uint_32 tw_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 tw_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
