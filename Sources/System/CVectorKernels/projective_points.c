/* PointSampler's sample points, projective (a division a pixel) or given, in double
 * precision, in a loop the compiler vectorises; IEEE arithmetic without
 * fused multiply-adds (see Package.swift: -ffp-contract=off) gives the same
 * bits at any vector width. */
#include <immintrin.h>
#include <string.h>

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
#define AVX2 __attribute__((target("avx2")))

/* The floating-point half of classify() on four samples: their reference
 * points, and which lanes may be drawn at all (all ones, as 32-bit masks).
 * `drawn` is an all-ones lane where the sample may be drawn. */
AVX2 static inline void convert4(__m256d u, __m256d v, __m256d drawn, int32_t width, int32_t height, __m128i *sx,
                                 __m128i *sy, __m128i *is_drawn)
{
    const __m256d minus_one = _mm256_set1_pd(-1), one = _mm256_set1_pd(1), scale = _mm256_set1_pd(65536);
    const __m128i unit = _mm_set1_epi32(65536);
    drawn = _mm256_and_pd(drawn, _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(u, minus_one, _CMP_GT_OQ),
                                                             _mm256_cmp_pd(v, minus_one, _CMP_GT_OQ)),
                                               _mm256_and_pd(_mm256_cmp_pd(u, _mm256_set1_pd((double)width), _CMP_LT_OQ),
                                                             _mm256_cmp_pd(v, _mm256_set1_pd((double)height), _CMP_LT_OQ))));
    __m256d fx = _mm256_and_pd(drawn, _mm256_mul_pd(_mm256_add_pd(u, one), scale));
    __m256d fy = _mm256_and_pd(drawn, _mm256_mul_pd(_mm256_add_pd(v, one), scale));
    *sx = _mm_sub_epi32(_mm256_cvttpd_epi32(fx), unit);
    *sy = _mm_sub_epi32(_mm256_cvttpd_epi32(fy), unit);
    /* The lanes' 64-bit masks as 32-bit ones: the low half of each. */
    *is_drawn = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(_mm256_castpd_si256(drawn), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

/* classify() on eight samples, two groups of four (u0, v0, drawn0 and u1, v1,
 * drawn1): the same comparisons and conversions on each lane, so the same
 * bits; the integer half eight lanes at once. */
AVX2 static inline void classify8(__m256d u0, __m256d v0, __m256d drawn0, __m256d u1, __m256d v1, __m256d drawn1,
                                  int32_t width, int32_t height, int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    __m128i sx0, sy0, d0, sx1, sy1, d1;
    convert4(u0, v0, drawn0, width, height, &sx0, &sy0, &d0);
    convert4(u1, v1, drawn1, width, height, &sx1, &sy1, &d1);
    const __m256i sx = _mm256_setr_m128i(sx0, sx1), sy = _mm256_setr_m128i(sy0, sy1);
    const __m256i is_drawn = _mm256_setr_m128i(d0, d1), none = _mm256_set1_epi32(-1);
    _mm256_storeu_si256((__m256i *)xs, sx);
    _mm256_storeu_si256((__m256i *)ys, sy);
    /* 2 where all four neighbours are inside, 1 where some are, 0 where nothing is drawn. */
    __m256i inside = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpgt_epi32(sx, none), _mm256_cmpgt_epi32(sy, none)),
        _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32((width - 1) << 16), sx),
                         _mm256_cmpgt_epi32(_mm256_set1_epi32((height - 1) << 16), sy)));
    __m256i kind = _mm256_sub_epi32(_mm256_setzero_si256(),
                                    _mm256_add_epi32(is_drawn, _mm256_and_si256(is_drawn, inside)));
    /* Words then bytes, within each 128-bit lane: kinds 0-3 lead the low lane, 4-7 the high. */
    __m256i words = _mm256_packs_epi32(kind, kind), bytes = _mm256_packus_epi16(words, words);
    int32_t low = _mm256_cvtsi256_si32(bytes), high = _mm256_extract_epi32(bytes, 4);
    memcpy(kinds, &low, 4);
    memcpy(kinds + 4, &high, 4);
}

/* points() eight at a time, written out (the compiler leaves its classification scalar). */
AVX2 static void points_avx2(const double g[3][3], double cy, int32_t x0, size_t count, int32_t width,
                             int32_t height, int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    const __m256d u0 = _mm256_set1_pd(g[1][0] * cy + g[2][0]), v0 = _mm256_set1_pd(g[1][1] * cy + g[2][1]);
    const __m256d w0 = _mm256_set1_pd(g[1][2] * cy + g[2][2]);
    const __m256d g00 = _mm256_set1_pd(g[0][0]), g01 = _mm256_set1_pd(g[0][1]), g02 = _mm256_set1_pd(g[0][2]);
    const __m256d half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1), zero = _mm256_setzero_pd();
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256d u[2], v[2], drawn[2];
        for (int k = 0; k < 2; k++) {
            __m128i column = _mm_add_epi32(_mm_set1_epi32(x0 + (int32_t)i + 4 * k), _mm_setr_epi32(0, 1, 2, 3));
            __m256d cx = _mm256_add_pd(_mm256_cvtepi32_pd(column), half);
            __m256d w = _mm256_add_pd(_mm256_mul_pd(g02, cx), w0);
            __m256d reciprocal = _mm256_div_pd(one, w);
            u[k] = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(g00, cx), u0), reciprocal), half);
            v[k] = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(g01, cx), v0), reciprocal), half);
            drawn[k] = _mm256_cmp_pd(w, zero, _CMP_GT_OQ);
        }
        classify8(u[0], v[0], drawn[0], u[1], v[1], drawn[1], width, height, xs + i, ys + i, kinds + i);
    }
    points(g, cy, x0 + (int32_t)i, count - i, width, height, xs + i, ys + i, kinds + i);
}

/* positions() eight at a time, written out: the compiler does not vectorise
 * its interleaved loads. */
AVX2 static void positions_avx2(const double *uv, size_t count, double x, double y, int32_t width, int32_t height,
                                int32_t *xs, int32_t *ys, uint8_t *kinds)
{
    const __m256d origin_x = _mm256_set1_pd(x), origin_y = _mm256_set1_pd(y), half = _mm256_set1_pd(0.5);
    const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi32(-1));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256d u[2], v[2];
        for (int k = 0; k < 2; k++) {
            const double *p = uv + 2 * i + 8 * k;
            __m256d a = _mm256_loadu_pd(p), b = _mm256_loadu_pd(p + 4);         /* u0 v0 u1 v1 | u2 v2 u3 v3 */
            __m256d us = _mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8); /* u0 u1 u2 u3 */
            __m256d vs = _mm256_permute4x64_pd(_mm256_unpackhi_pd(a, b), 0xD8); /* v0 v1 v2 v3 */
            u[k] = _mm256_sub_pd(_mm256_sub_pd(us, origin_x), half);
            v[k] = _mm256_sub_pd(_mm256_sub_pd(vs, origin_y), half);
        }
        classify8(u[0], v[0], all, u[1], v[1], all, width, height, xs + i, ys + i, kinds + i);
    }
    positions(uv + 2 * i, count - i, x, y, width, height, xs + i, ys + i, kinds + i);
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

size_t kinds_run(const uint8_t *kinds, size_t count)
{
    size_t i = 1;
#if defined(__SSE2__)
    const __m128i kind = _mm_set1_epi8((char)kinds[0]);
    for (; i + 16 <= count; i += 16) {
        unsigned differ = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(kinds + i)), kind))
                          & 0xFFFF;
        if (differ) return i + (size_t)__builtin_ctz(differ);
    }
#endif
    while (i < count && kinds[i] == kinds[0]) i++;
    return i;
}
