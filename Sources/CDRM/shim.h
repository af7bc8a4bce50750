#pragma once
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

// fourcc_code() is a function-like macro and does not import into Swift.
static inline uint32_t tw_fourcc_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t tw_fourcc_rgb565(void) { return DRM_FORMAT_RGB565; }
