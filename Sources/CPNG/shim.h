#pragma once
#include <png.h>

// PNG_FORMAT_* are composed macros that do not import into Swift.
static inline png_uint_32 tw_png_format_rgba(void) { return PNG_FORMAT_RGBA; }
static inline png_uint_32 tw_png_format_bgra(void) { return PNG_FORMAT_BGRA; }

// A 32-bit fill for the rasterizer's clear and spans: glibc's wmemset picks the widest stores the CPU
// has and `rep stosb` for large fills (measured faster here than Swift's vector stores and than
// non-temporal stores, even in builds for this CPU). wchar_t is 32 bits on Linux.
#include <wchar.h>
#include <stdint.h>
static inline void tw_fill32(uint32_t *p, uint32_t v, size_t n) { wmemset((wchar_t *)p, (wchar_t)v, n); }
