#pragma once
// The square root as one instruction, for the rasterizer's row geometry.
//
// Swift's Double.squareRoot() becomes a call of libm's sqrt, which must set errno for a negative
// argument: the compiler keeps a compare and a fallback call beside every square root, and a loop
// holding one is never vectorised. __builtin_elementwise_sqrt is the bare IEEE square root (same
// result, correctly rounded, NaN for negatives) with no errno, so loops of it vectorise. Being
// static inline, it is compiled into the Swift module and inlined there. Clang 17 (the one in Debian 13's
// Swift 6.0.3) has no __builtin_elementwise_sqrt; there __builtin_sqrt is the same instruction, as the
// modules importing this header are compiled with -fno-math-errno (Package.swift).
static inline __attribute__((always_inline)) double square_root_no_errno(double v) {
#if __has_builtin(__builtin_elementwise_sqrt)
    return __builtin_elementwise_sqrt(v);
#else
    return __builtin_sqrt(v);
#endif
}
