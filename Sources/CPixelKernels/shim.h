#pragma once
// Pixel fills for the rasterizer, in C because the stores they need have no Swift spelling.
// Header-only: static inline, so they are compiled into the Swift module and inlined there.
#include <stdint.h>
#include <stddef.h>
#include <wchar.h>
#if defined(__aarch64__)
#include <arm_neon.h>

// AArch64's fill: glibc's wmemset there writes four words a round through pairs of 32-bit registers;
// four 128-bit NEON stores a round write sixteen (instructions per frame before and after:
// docs/performance.md, "On a Raspberry Pi").
static inline void tw_fill32_neon(uint32_t *p, uint32_t v, size_t n) {
    uint32x4_t q = vdupq_n_u32(v);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        vst1q_u32(p + i, q);
        vst1q_u32(p + i + 4, q);
        vst1q_u32(p + i + 8, q);
        vst1q_u32(p + i + 12, q);
    }
    for (; i + 4 <= n; i += 4) vst1q_u32(p + i, q);
    for (; i < n; i++) p[i] = v;
}
#endif

// A 32-bit fill for the rasterizer's spans: glibc's wmemset picks the widest stores the CPU has
// (measured faster here than Swift's vector stores and than non-temporal stores, even in builds for
// this CPU). wchar_t is 32 bits on Linux.
static inline void tw_fill32(uint32_t *p, uint32_t v, size_t n) {
#if defined(__aarch64__)
    tw_fill32_neon(p, v, n);
#else
    wmemset((wchar_t *)p, (wchar_t)v, n);
#endif
}

// The whole-canvas clear (millions of words): `rep stosl`, which the CPU's fast-string microcode
// runs in whole cache lines, measured 5-10 % faster here than wmemset's vector loop on an 8 MB
// frame (and slower than it on row-length spans, which keep tw_fill32).
static inline void tw_fill32_large(uint32_t *p, uint32_t v, size_t n) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(p), "+c"(n) : "a"(v) : "memory");
#elif defined(__aarch64__)
    tw_fill32_neon(p, v, n);
#else
    wmemset((wchar_t *)p, (wchar_t)v, n);
#endif
}

// The x86-64 micro-architecture level this CPU and kernel run (1, 3 or 4; 0 on other architectures),
// for the rasterizer's kernels built for x86-64-v3 and x86-64-v4 (see Raster's KernelLevel). Every
// feature the compiler may use at a level is checked, and the operating system's saving of the wider
// registers (XCR0), without which the instructions fault even where CPUID lists them.
#if defined(__x86_64__)
#include <cpuid.h>
static inline int tw_x86_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 1;
    const unsigned leaf1c = c;
    // SSE3, SSSE3, FMA, CX16, SSE4.1, SSE4.2, MOVBE, POPCNT, OSXSAVE, AVX, F16C.
    const unsigned v3leaf1 = (1u << 0) | (1u << 9) | (1u << 12) | (1u << 13) | (1u << 19) | (1u << 20) |
                             (1u << 22) | (1u << 23) | (1u << 27) | (1u << 28) | (1u << 29);
    if ((leaf1c & v3leaf1) != v3leaf1) return 1;
    if (!__get_cpuid(0x80000001, &a, &b, &c, &d)) return 1;
    if ((c & ((1u << 0) | (1u << 5))) != ((1u << 0) | (1u << 5))) return 1;   // LAHF-SAHF, LZCNT
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 1;
    const unsigned leaf7b = b;
    const unsigned v3leaf7 = (1u << 3) | (1u << 5) | (1u << 8);                 // BMI1, AVX2, BMI2
    if ((leaf7b & v3leaf7) != v3leaf7) return 1;
    unsigned xcr0lo, xcr0hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0lo), "=d"(xcr0hi) : "c"(0));
    if ((xcr0lo & 0x6) != 0x6) return 1;                                         // SSE and AVX state
    // AVX512F, AVX512DQ, AVX512CD, AVX512BW, AVX512VL, and the opmask and ZMM state.
    const unsigned v4leaf7 = (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31);
    if ((leaf7b & v4leaf7) != v4leaf7 || (xcr0lo & 0xe0) != 0xe0) return 3;
    return 4;
}
#else
static inline int tw_x86_level(void) { return 0; }
#endif

// Four canvas words from anywhere (`base[w0]` … `base[w3]`) as one vector, loaded once: the empty asm
// makes the vector opaque to the optimiser, which otherwise (AVX-512 builds) loads the same four words
// a second time with a gather instruction for half of the blend's channels, a slow microcoded one on
// Zen 4 (a scattered edge-pixel blend then took 37 % longer than with SSE2).
typedef uint32_t tw_u32x4 __attribute__((ext_vector_type(4)));
static inline __attribute__((always_inline)) tw_u32x4 tw_load4(const uint32_t *base, long w0, long w1, long w2, long w3) {
    tw_u32x4 v = {base[w0], base[w1], base[w2], base[w3]};
#if defined(__x86_64__) || defined(__aarch64__)
    __asm__("" : "+x"(v));
#endif
    return v;
}
