/* The passes of GaussianBlur: separable convolution in integers (Q14
 * weights, Q7 between the passes) and the binomial halving of its pyramid.
 * The same C is compiled twice, for the x86-64 baseline and for AVX2;
 * integer sums do not depend on the order the compiler picks, so both give
 * the same bytes. */
#include "vector_kernels.h"

/* Channels summed per chunk: the accumulators stay in registers and L1. */
enum { CHUNK = 256 };

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE void horizontal(const uint8_t *in, int16_t *out, size_t count, const int32_t *weights, size_t taps)
{
    size_t length = 4 * count;
    for (size_t start = 0; start < length; start += CHUNK) {
        size_t n = length - start < CHUNK ? length - start : CHUNK;
        int32_t sum[CHUNK];
        for (size_t j = 0; j < n; j++) sum[j] = 64;
        for (size_t t = 0; t < taps; t++) {
            const uint8_t *line = in + start + 4 * t;
            int32_t w = weights[t];
            for (size_t j = 0; j < n; j++) sum[j] += w * line[j];
        }
        for (size_t j = 0; j < n; j++) out[start + j] = (int16_t)(sum[j] >> 7);
    }
}

ALWAYS_INLINE void vertical(const int16_t *const *lines, uint8_t *out, size_t length, const int32_t *weights,
                            size_t taps)
{
    for (size_t start = 0; start < length; start += CHUNK) {
        size_t n = length - start < CHUNK ? length - start : CHUNK;
        int32_t sum[CHUNK];
        for (size_t j = 0; j < n; j++) sum[j] = 1 << 20;
        for (size_t t = 0; t < taps; t++) {
            const int16_t *line = lines[t] + start;
            int32_t w = weights[t];
            for (size_t j = 0; j < n; j++) sum[j] += w * line[j];
        }
        for (size_t j = 0; j < n; j++) {
            int32_t v = sum[j] >> 21;
            out[start + j] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void horizontal_avx2(const uint8_t *in, int16_t *out, size_t count,
                                                            const int32_t *weights, size_t taps)
{
    horizontal(in, out, count, weights, taps);
}

__attribute__((target("avx2"))) static void vertical_avx2(const int16_t *const *lines, uint8_t *out, size_t length,
                                                          const int32_t *weights, size_t taps)
{
    vertical(lines, out, length, weights, taps);
}
#endif

void blur_line_horizontal(const uint8_t *in, int16_t *out, size_t count, const int32_t *weights, size_t taps,
                          int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        horizontal_avx2(in, out, count, weights, taps);
        return;
    }
#endif
    (void)avx2;
    horizontal(in, out, count, weights, taps);
}

void blur_line_vertical(const int16_t *const *lines, uint8_t *out, size_t length, const int32_t *weights,
                        size_t taps, int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        vertical_avx2(lines, out, length, weights, taps);
        return;
    }
#endif
    (void)avx2;
    vertical(lines, out, length, weights, taps);
}

void blur_halve_line(const uint8_t *const rows[4], uint8_t *out, size_t count)
{
    static const int32_t binomial[4] = {1, 3, 3, 1};
    for (size_t x = 0; x < count; x++) {
        for (int c = 0; c < 4; c++) {
            int32_t sum = 32;
            for (int r = 0; r < 4; r++) {
                const uint8_t *p = rows[r] + 8 * x + c;
                int32_t across = p[0] + 3 * p[4] + 3 * p[8] + p[12];
                sum += binomial[r] * across;
            }
            out[4 * x + c] = (uint8_t)(sum >> 6);
        }
    }
}
