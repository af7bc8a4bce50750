#pragma once
// The square root as one instruction, for the rasterizer's row geometry.
//
// Swift's Double.squareRoot() becomes a call of libm's sqrt, which must set errno for a negative
// argument: the compiler keeps a compare and a fallback call beside every square root, and a loop
// holding one is never vectorised. __builtin_elementwise_sqrt is the bare IEEE square root (same
// result, correctly rounded, NaN for negatives) with no errno, so loops of it vectorise. Being
// static inline, it is compiled into the Swift module and inlined there.
static inline __attribute__((always_inline)) double square_root_no_errno(double v) {
    return __builtin_elementwise_sqrt(v);
}
