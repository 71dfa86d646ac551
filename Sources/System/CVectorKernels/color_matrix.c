/* ColorMatrixKernel's pass: one 3×4 integer matrix per pixel, in 32-bit
 * lanes the compiler vectorises; the same C compiled for the baseline and
 * for AVX2 gives the same integers. */
#include "vector_kernels.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE int32_t clamp(int32_t v, int32_t high)
{
    v = v < 0 ? 0 : v;
    return v > high ? high : v;
}

ALWAYS_INLINE void apply(uint32_t *pixels, size_t count, const int32_t m[3][4], int32_t bound, int shift)
{
    const int32_t half = 1 << (shift - 1);
    const int32_t r0 = m[0][0], r1 = m[0][1], r2 = m[0][2], r3 = m[0][3];
    const int32_t g0 = m[1][0], g1 = m[1][1], g2 = m[1][2], g3 = m[1][3];
    const int32_t b0 = m[2][0], b1 = m[2][1], b2 = m[2][2], b3 = m[2][3];
    for (size_t i = 0; i < count; i++) {
        uint32_t p = pixels[i];
        int32_t a = (int32_t)(p >> 24), r = (int32_t)(p >> 16 & 0xFF);
        int32_t g = (int32_t)(p >> 8 & 0xFF), b = (int32_t)(p & 0xFF);
        int32_t high = bound * a;
        int32_t nr = clamp(r0 * r + r1 * g + r2 * b + r3 * a, high);
        int32_t ng = clamp(g0 * r + g1 * g + g2 * b + g3 * a, high);
        int32_t nb = clamp(b0 * r + b1 * g + b2 * b + b3 * a, high);
        uint32_t out = (uint32_t)((high + half) >> shift) << 24 | (uint32_t)((nr + half) >> shift) << 16
            | (uint32_t)((ng + half) >> shift) << 8 | (uint32_t)((nb + half) >> shift);
        pixels[i] = p == 0 ? 0 : out;
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void apply_avx2(uint32_t *pixels, size_t count, const int32_t m[3][4],
                                                       int32_t bound, int shift)
{
    apply(pixels, count, m, bound, shift);
}
#endif

void color_matrix_line(uint32_t *pixels, size_t count, const int32_t m[3][4], int32_t bound, int shift, int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        apply_avx2(pixels, count, m, bound, shift);
        return;
    }
#endif
    (void)avx2;
    apply(pixels, count, m, bound, shift);
}
