/* PointSampler's sample points, projective (a division a pixel) or given, in double
 * precision, in a loop the compiler vectorises; IEEE arithmetic without
 * fused multiply-adds (see Package.swift: -ffp-contract=off) gives the same
 * bits at any vector width. */
#include "vector_kernels.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* The 16.16 reference point of a sample at (u, v) (already less ½) and its
 * kind: 0 nothing to draw (NaN fails every comparison), 2 all four
 * neighbours inside the source, 1 some. */
ALWAYS_INLINE void classify(double u, double v, int drawn, int32_t width, int32_t height, int32_t *x, int32_t *y,
                            uint8_t *kind)
{
    drawn = drawn && u > -1 && v > -1 && u < (double)width && v < (double)height;
    double fx = drawn ? (u + 1) * 65536 : 0, fy = drawn ? (v + 1) * 65536 : 0;
    int32_t sx = (int32_t)fx - 65536, sy = (int32_t)fy - 65536;
    *x = sx;
    *y = sy;
    *kind = (uint8_t)(drawn ? (sx >= 0 && sy >= 0 && sx < (width - 1) << 16 && sy < (height - 1) << 16 ? 2 : 1) : 0);
}

ALWAYS_INLINE void points(const double g[3][3], double cy, int32_t x0, size_t count, int32_t width, int32_t height,
                          int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    const double u0 = g[1][0] * cy + g[2][0], v0 = g[1][1] * cy + g[2][1], w0 = g[1][2] * cy + g[2][2];
    for (size_t i = 0; i < count; i++) {
        double cx = (double)(x0 + (int32_t)i) + 0.5;
        double w = g[0][2] * cx + w0;
        double reciprocal = 1.0 / w;
        double u = (g[0][0] * cx + u0) * reciprocal - 0.5, v = (g[0][1] * cx + v0) * reciprocal - 0.5;
        classify(u, v, w > 0, width, height, xs + i, ys + i, kinds + i);
    }
}

ALWAYS_INLINE void positions(const double *uv, size_t count, double x, double y, int32_t width, int32_t height,
                             int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    for (size_t i = 0; i < count; i++)
        classify(uv[2 * i] - x - 0.5, uv[2 * i + 1] - y - 0.5, 1, width, height, xs + i, ys + i, kinds + i);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void points_avx2(const double g[3][3], double cy, int32_t x0, size_t count,
                                                       int32_t width, int32_t height, int32_t *xs, int32_t *ys,
                                                       uint8_t *kinds)
{
    points(g, cy, x0, count, width, height, xs, ys, kinds);
}

__attribute__((target("avx2"))) static void positions_avx2(const double *uv, size_t count, double x, double y,
                                                          int32_t width, int32_t height, int32_t *xs, int32_t *ys,
                                                          uint8_t *kinds)
{
    positions(uv, count, x, y, width, height, xs, ys, kinds);
}
#endif

void sample_points(const double *uv, size_t count, double x, double y, int32_t width, int32_t height, int32_t *xs,
                   int32_t *ys, uint8_t *kinds, int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        positions_avx2(uv, count, x, y, width, height, xs, ys, kinds);
        return;
    }
#endif
    (void)avx2;
    positions(uv, count, x, y, width, height, xs, ys, kinds);
}

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
