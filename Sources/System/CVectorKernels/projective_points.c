/* ProjectiveKernel's per-pixel sample points: a division a pixel, in double
 * precision, in a loop the compiler vectorises; IEEE arithmetic without
 * fused multiply-adds (see Package.swift: -ffp-contract=off) gives the same
 * bits at any vector width. */
#include "vector_kernels.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE void points(const double g[3][3], double cy, int32_t x0, size_t count, int32_t width, int32_t height,
                          int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    const double u0 = g[1][0] * cy + g[2][0], v0 = g[1][1] * cy + g[2][1], w0 = g[1][2] * cy + g[2][2];
    const double right = (double)width, bottom = (double)height;
    const int32_t innerWidth = (width - 1) << 16, innerHeight = (height - 1) << 16;
    for (size_t i = 0; i < count; i++) {
        double cx = (double)(x0 + (int32_t)i) + 0.5;
        double w = g[0][2] * cx + w0;
        double reciprocal = 1.0 / w;
        double u = (g[0][0] * cx + u0) * reciprocal - 0.5, v = (g[0][1] * cx + v0) * reciprocal - 0.5;
        /* Written so that NaN fails every comparison. */
        int drawn = w > 0 && u > -1 && v > -1 && u < right && v < bottom;
        double fx = drawn ? (u + 1) * 65536 : 0, fy = drawn ? (v + 1) * 65536 : 0;
        int32_t sx = (int32_t)fx - 65536, sy = (int32_t)fy - 65536;
        xs[i] = sx;
        ys[i] = sy;
        kinds[i] = (uint8_t)(drawn ? (sx >= 0 && sy >= 0 && sx < innerWidth && sy < innerHeight ? 2 : 1) : 0);
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void points_avx2(const double g[3][3], double cy, int32_t x0, size_t count,
                                                       int32_t width, int32_t height, int32_t *xs, int32_t *ys,
                                                       uint8_t *kinds)
{
    points(g, cy, x0, count, width, height, xs, ys, kinds);
}
#endif

void projective_points(const double g[3][3], double cy, int32_t x0, size_t count, int32_t width, int32_t height,
                       int32_t *xs, int32_t *ys, uint8_t *kinds, int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        points_avx2(g, cy, x0, count, width, height, xs, ys, kinds);
        return;
    }
#endif
    (void)avx2;
    points(g, cy, x0, count, width, height, xs, ys, kinds);
}
