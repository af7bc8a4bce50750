// The scenes of docs/bench/SCENES.md drawn by Blend2D, timed by the same protocol as
// `thumbwheel-dev bench`, printing the same JSON lines (so `scripts/bench-summary` reads both).
// Built and run by `scripts/bench-blend2d`, against the static Blend2D library of PyPI's
// blend2d-python wheel (its JIT picks SSE/AVX2/AVX-512 pipelines at run time).
//
// The wheel carries no headers, so the few C API entry points used here are declared below from
// Blend2D's documented C API; the enum values are Blend2D's. Every Blend2D object core is treated as
// an opaque, over-sized block.
//
// usage: blend2d-scenes [bench] [--json] [--png-raw DIR]   (the first two are accepted and ignored;
// --png-raw writes one frame of each scene as raw BGRA bytes, for a look)
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { _Alignas(16) uint8_t opaque[64]; } BLCore;
typedef struct { double cx, cy, rx, ry, start, sweep; } BLArc;
typedef struct { double cx, cy, r; } BLCircle;
typedef struct { double x, y, w, h, rx, ry; } BLRoundRect;
typedef struct { double x, y, w, h; } BLRect;
typedef struct { double x, y; } BLPoint;
typedef struct { double offset; uint64_t rgba64; } BLGradientStop;
typedef struct { void *pixelData; intptr_t stride; int w, h; uint32_t format, flags; } BLImageData;

enum { FORMAT_PRGB32 = 1, COMP_OP_SRC_OVER = 0, COMP_OP_SRC_COPY = 1, STROKE_CAP_ROUND = 2,
       GEOMETRY_CIRCLE = 5, GEOMETRY_ROUND_RECT = 7, GEOMETRY_ARC = 8, GRADIENT_CONIC = 2, EXTEND_PAD = 0,
       FLUSH_SYNC = 1 };

uint32_t blImageInitAs(BLCore *image, int w, int h, uint32_t format);
uint32_t blImageGetData(const BLCore *image, BLImageData *out);
uint32_t blContextInitAs(BLCore *ctx, BLCore *image, const void *createInfo);
uint32_t blContextEnd(BLCore *ctx);
uint32_t blContextFlush(BLCore *ctx, uint32_t flags);
uint32_t blContextSetCompOp(BLCore *ctx, uint32_t compOp);
uint32_t blContextSetStrokeWidth(BLCore *ctx, double width);
uint32_t blContextSetStrokeCaps(BLCore *ctx, uint32_t cap);
uint32_t blContextFillAllRgba32(BLCore *ctx, uint32_t rgba32);
uint32_t blContextFillGeometryRgba32(BLCore *ctx, uint32_t type, const void *data, uint32_t rgba32);
uint32_t blContextStrokeGeometryRgba32(BLCore *ctx, uint32_t type, const void *data, uint32_t rgba32);
uint32_t blContextStrokeGeometryExt(BLCore *ctx, uint32_t type, const void *data, const BLCore *style);
uint32_t blContextBlitScaledImageD(BLCore *ctx, const BLRect *rect, const BLCore *image, const void *imageArea);
uint32_t blContextFillUtf8TextDRgba32(BLCore *ctx, const BLPoint *origin, const BLCore *font, const char *text,
                                      size_t size, uint32_t rgba32);
uint32_t blGradientInitAs(BLCore *gradient, uint32_t type, const void *values, uint32_t extendMode,
                          const BLGradientStop *stops, size_t n, const void *transform);
uint32_t blFontFaceInit(BLCore *face);
uint32_t blFontFaceCreateFromFile(BLCore *face, const char *fileName, uint32_t readFlags);
uint32_t blFontInit(BLCore *font);
uint32_t blFontCreateFromFace(BLCore *font, const BLCore *face, float size);

static BLCore image, ctx, gradient, face, font, icon;
static int W, H;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/// A straight #AARRGGBB colour as Blend2D's 16-bit-per-channel RGBA64.
static uint64_t rgba64(uint32_t c) {
    uint64_t a = c >> 24 & 255, r = c >> 16 & 255, g = c >> 8 & 255, b = c & 255;
    return (a * 257) << 48 | (r * 257) << 32 | (g * 257) << 16 | (b * 257);
}

/// The static resources of SCENES.md: the S2 gradient, the font and the icon image.
static void makeResources(void) {
    double m = W < H ? W : H;
    double conic[4] = {W / 2.0, H / 2.0, M_PI / 2, 1.0};  // centre, angle, repeat
    BLGradientStop stops[5] = {{0, rgba64(0xFFD3D3D3)}, {0.125, rgba64(0xFFD3D3D3)}, {0.5, rgba64(0xFF0000FF)},
                               {0.875, rgba64(0xFF404040)}, {1.0, rgba64(0xFF404040)}};
    memset(&gradient, 0, sizeof gradient);
    blGradientInitAs(&gradient, GRADIENT_CONIC, conic, EXTEND_PAD, stops, 5, NULL);
    memset(&face, 0, sizeof face); memset(&font, 0, sizeof font);
    blFontFaceInit(&face); blFontInit(&font);
    if (blFontFaceCreateFromFile(&face, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 0) != 0) {
        fprintf(stderr, "blend2d-scenes: cannot load DejaVuSans.ttf (fonts-dejavu-core)\n");
        exit(1);
    }
    blFontCreateFromFace(&font, &face, (float)(0.06 * m));
    memset(&icon, 0, sizeof icon);
    blImageInitAs(&icon, 64, 64, FORMAT_PRGB32);
    BLImageData d;
    blImageGetData(&icon, &d);
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++) {
            double dx = x + 0.5 - 32, dy = y + 0.5 - 32, t = 30.5 - sqrt(dx * dx + dy * dy);
            uint32_t a = (uint32_t)floor(255 * (t < 0 ? 0 : t > 1 ? 1 : t) + 0.5), r = 4 * x, g = 4 * y, b = 200;
            if ((x >= 16 && x < 48 && y >= 14 && y < 22) || (x >= 28 && x < 36 && y >= 22 && y < 50)) r = g = b = 255;
            uint32_t *row = (uint32_t *)((char *)d.pixelData + y * d.stride);
            row[x] = a << 24 | (r * a + 127) / 255 << 16 | (g * a + 127) / 255 << 8 | (b * a + 127) / 255;
        }
}

static void clear(void) {
    blContextSetCompOp(&ctx, COMP_OP_SRC_COPY);
    blContextFillAllRgba32(&ctx, 0xFF202020u);
    blContextSetCompOp(&ctx, COMP_OP_SRC_OVER);
}

static void slider(void) {
    double m = W < H ? W : H, cx = W / 2.0, cy = H / 2.0, R = 0.4 * m, LW = 0.05 * m, deg = M_PI / 180;
    blContextSetStrokeWidth(&ctx, LW);
    blContextSetStrokeCaps(&ctx, STROKE_CAP_ROUND);
    BLArc track = {cx, cy, R, R, 135 * deg, 270 * deg}, value = {cx, cy, R, R, 135 * deg, 165 * deg};
    blContextStrokeGeometryRgba32(&ctx, GEOMETRY_ARC, &track, 0xFF505A64u);
    blContextStrokeGeometryRgba32(&ctx, GEOMETRY_ARC, &value, 0xFF7FA8C6u);
    double a = 300 * M_PI / 180;
    BLCircle handle = {cx + R * cos(a), cy + R * sin(a), 0.7 * LW};
    blContextFillGeometryRgba32(&ctx, GEOMETRY_CIRCLE, &handle, 0xFF234560u);
    blContextSetStrokeWidth(&ctx, 2.0);
    blContextStrokeGeometryRgba32(&ctx, GEOMETRY_CIRCLE, &handle, 0xFFFFFFFFu);
}

static void gradientArc(void) {
    double m = W < H ? W : H, deg = M_PI / 180;
    blContextSetStrokeWidth(&ctx, 0.05 * m);
    blContextSetStrokeCaps(&ctx, STROKE_CAP_ROUND);
    BLArc track = {W / 2.0, H / 2.0, 0.4 * m, 0.4 * m, 135 * deg, 270 * deg};
    blContextStrokeGeometryExt(&ctx, GEOMETRY_ARC, &track, &gradient);
}

static void wheel(void) {
    double m = W < H ? W : H, cx = W / 2.0, cy = H / 2.0, s = 0.12 * m;
    for (int k = 0; k < 12; k++) {
        double a = (17 + 30 * k) * M_PI / 180, x = cx + 0.35 * m * cos(a), y = cy + 0.35 * m * sin(a);
        BLRect r = {x - s / 2, y - s / 2, s, s};
        blContextBlitScaledImageD(&ctx, &r, &icon, NULL);
    }
    BLCircle disc = {cx, cy, 0.1 * m};
    blContextFillGeometryRgba32(&ctx, GEOMETRY_CIRCLE, &disc, 0xFFC66F3Au);
}

static void numberPad(void) {
    double m = W < H ? W : H, cw = 0.6 * W / 3, ch = 0.6 * H / 4, pad = 0.0125 * m, S = 0.06 * m;
    static const char labels[] = "123456789.0C";
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 3; col++) {
            double x = 0.2 * W + col * cw + pad, y = 0.2 * H + row * ch + pad, w = cw - 2 * pad, h = ch - 2 * pad;
            BLRoundRect key = {x, y, w, h, 8.0, 8.0};
            blContextFillGeometryRgba32(&ctx, GEOMETRY_ROUND_RECT, &key, 0xCC3C4A58u);
            const char *label = &labels[row * 3 + col];
            double advance = *label == '.' ? 651 : *label == 'C' ? 1430 : 1303;
            BLPoint origin = {x + w / 2 - advance * S / 2048 / 2, y + h / 2 + 1493 * S / 2048 / 2};
            blContextFillUtf8TextDRgba32(&ctx, &origin, &font, label, 1, 0xFFFFFFFFu);
        }
}

static void sceneClear(void) { clear(); }
static void sceneS1(void) { clear(); slider(); }
static void sceneS2(void) { clear(); gradientArc(); }
static void sceneS3(void) { clear(); wheel(); }
static void sceneS4(void) { clear(); numberPad(); }
static void sceneS5(void) { clear(); slider(); wheel(); numberPad(); }

static int compareDoubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// The f-quantile of n sorted samples, interpolated between neighbours (as `thumbwheel-dev bench`).
static double quantile(const double *s, size_t n, double f) {
    double pos = f * (double)(n - 1);
    size_t lo = (size_t)pos, hi = lo + 1 < n ? lo + 1 : n - 1;
    return s[lo] + (s[hi] - s[lo]) * (pos - (double)lo);
}

/// One frame: the scene, then a synchronous flush (all pixels written, as SCENES.md's frame ends).
static void frame(void (*scene)(void)) { scene(); blContextFlush(&ctx, FLUSH_SYNC); }

static void measure(const char *name, void (*scene)(void)) {
    double start = now();
    for (int warm = 0; warm < 20 || now() - start < 0.3; warm++) frame(scene);
    size_t capacity = 4096, n = 0;
    double *times = malloc(capacity * sizeof *times), total = 0;
    start = now();
    while (n < 200 || total < 2) {
        double t0 = now();
        frame(scene);
        double t1 = now();
        if (n == capacity) times = realloc(times, (capacity *= 2) * sizeof *times);
        times[n++] = (t1 - t0) * 1000;
        total = t1 - start;
    }
    qsort(times, n, sizeof *times, compareDoubles);
    printf("{\"scene\":\"%s\",\"width\":%d,\"height\":%d,\"frames\":%zu,\"median_ms\":%.4f,\"p5_ms\":%.4f,"
           "\"p95_ms\":%.4f,\"min_ms\":%.4f,\"max_ms\":%.4f}\n",
           name, W, H, n, quantile(times, n, 0.5), quantile(times, n, 0.05), quantile(times, n, 0.95), times[0],
           times[n - 1]);
    fflush(stdout);
    free(times);
}

int main(int argc, char **argv) {
    const char *rawDir = NULL;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--png-raw") == 0 && i + 1 < argc) rawDir = argv[++i];
    static const int sizes[2][2] = {{800, 480}, {1920, 1080}};
    static const char *names[6] = {"clear", "S1", "S2", "S3", "S4", "S5"};
    void (*scenes[6])(void) = {sceneClear, sceneS1, sceneS2, sceneS3, sceneS4, sceneS5};
    for (int s = 0; s < 2; s++) {
        W = sizes[s][0]; H = sizes[s][1];
        memset(&image, 0, sizeof image); memset(&ctx, 0, sizeof ctx);
        blImageInitAs(&image, W, H, FORMAT_PRGB32);
        blContextInitAs(&ctx, &image, NULL);
        makeResources();
        for (int k = 0; k < 6; k++) {
            measure(names[k], scenes[k]);
            if (rawDir) {
                char path[4096];
                BLImageData d;
                frame(scenes[k]);
                blImageGetData(&image, &d);
                snprintf(path, sizeof path, "%s/%s_%dx%d.bgra", rawDir, names[k], W, H);
                FILE *f = fopen(path, "wb");
                if (f) { fwrite(d.pixelData, 4, (size_t)W * H, f); fclose(f); }
            }
        }
        blContextEnd(&ctx);
    }
    return 0;
}
