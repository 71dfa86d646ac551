/* The passes of GaussianBlur: separable convolution in integers (Q14
 * weights, Q7 between the passes) and the binomial halving of its pyramid.
 * The same C is compiled twice, for the x86-64 baseline and for AVX2;
 * integer sums do not depend on the order the compiler picks, so both give
 * the same bytes. */
#include "vector_kernels.h"

/* Channels summed per chunk: the accumulators stay in L1. Taps go two at a
 * time: 16-bit products summed in pairs, which compilers turn into pmaddwd
 * (the weights, at most 16384, and the samples, bytes or Q7 values up to
 * 32640, fit 16 bits). */
enum { CHUNK = 256 };

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* out[j] = (Σ_t w_t · line_t[j] + 64) >> 7 over bytes: one row of the vertical pass, in Q7. */
ALWAYS_INLINE void vertical(const uint8_t *const *lines, int16_t *out, size_t length, const int32_t *weights,
                            size_t taps)
{
    for (size_t start = 0; start < length; start += CHUNK) {
        size_t n = length - start < CHUNK ? length - start : CHUNK;
        int32_t sum[CHUNK];
        for (size_t j = 0; j < n; j++) sum[j] = 64;
        size_t t = 0;
        for (; t + 1 < taps; t += 2) {
            const uint8_t *a = lines[t] + start, *b = lines[t + 1] + start;
            int16_t w0 = (int16_t)weights[t], w1 = (int16_t)weights[t + 1];
            for (size_t j = 0; j < n; j++) sum[j] += (int16_t)a[j] * w0 + (int16_t)b[j] * w1;
        }
        for (; t < taps; t++) {
            const uint8_t *a = lines[t] + start;
            int16_t w = (int16_t)weights[t];
            for (size_t j = 0; j < n; j++) sum[j] += (int16_t)a[j] * w;
        }
        for (size_t j = 0; j < n; j++) out[start + j] = (int16_t)(sum[j] >> 7);
    }
}

/* out[j] = min(255, (Σ_t w_t · in[j + 4t] + 2²⁰) >> 21) over Q7 values: one row of the horizontal pass. */
ALWAYS_INLINE void horizontal(const int16_t *in, uint8_t *out, size_t count, const int32_t *weights, size_t taps)
{
    size_t length = 4 * count;
    for (size_t start = 0; start < length; start += CHUNK) {
        size_t n = length - start < CHUNK ? length - start : CHUNK;
        int32_t sum[CHUNK];
        for (size_t j = 0; j < n; j++) sum[j] = 1 << 20;
        size_t t = 0;
        for (; t + 1 < taps; t += 2) {
            const int16_t *a = in + start + 4 * t, *b = a + 4;
            int16_t w0 = (int16_t)weights[t], w1 = (int16_t)weights[t + 1];
            for (size_t j = 0; j < n; j++) sum[j] += a[j] * w0 + b[j] * w1;
        }
        for (; t < taps; t++) {
            const int16_t *a = in + start + 4 * t;
            int16_t w = (int16_t)weights[t];
            for (size_t j = 0; j < n; j++) sum[j] += a[j] * w;
        }
        for (size_t j = 0; j < n; j++) {
            int32_t v = sum[j] >> 21;
            out[start + j] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* Sixteen 32-bit sums of tap pairs: (a, b) interleaved per 128-bit lane and
 * multiplied by (w0, w1) with pmaddwd; `low` gets channels 0-3 | 8-11,
 * `high` 4-7 | 12-15, which packs put back in order. */
AVX2 static inline void add_pairs(__m256i a, __m256i b, __m256i w, __m256i *low, __m256i *high)
{
    *low = _mm256_add_epi32(*low, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, b), w));
    *high = _mm256_add_epi32(*high, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, b), w));
}

AVX2 static inline __m256i pair_weights(const int32_t *weights, size_t t, size_t taps)
{
    int32_t w0 = weights[t], w1 = t + 1 < taps ? weights[t + 1] : 0;
    return _mm256_set1_epi32((int32_t)((uint32_t)w0 & 0xFFFF) | (int32_t)((uint32_t)w1 << 16));
}

/* Taps a line's sixteen channels take at once; more go through the C loops. */
enum { MAX_TAPS = 48 };

AVX2 static void vertical_avx2(const uint8_t *const *lines, int16_t *out, size_t length, const int32_t *weights,
                               size_t taps)
{
    if (taps > MAX_TAPS) {
        vertical(lines, out, length, weights, taps);
        return;
    }
    __m256i pairs[MAX_TAPS / 2];
    for (size_t t = 0; t < taps; t += 2) pairs[t / 2] = pair_weights(weights, t, taps);
    size_t j = 0;
    for (; j + 16 <= length; j += 16) {
        __m256i low = _mm256_set1_epi32(64), high = low;
        size_t t = 0;
        for (; t + 1 < taps; t += 2) {
            __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(lines[t] + j)));
            __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(lines[t + 1] + j)));
            add_pairs(a, b, pairs[t / 2], &low, &high);
        }
        if (t < taps) {
            __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(lines[t] + j)));
            add_pairs(a, _mm256_setzero_si256(), pairs[t / 2], &low, &high);
        }
        __m256i q7 = _mm256_packs_epi32(_mm256_srai_epi32(low, 7), _mm256_srai_epi32(high, 7));
        _mm256_storeu_si256((__m256i *)(out + j), q7);
    }
    for (; j < length; j++) {
        int32_t sum = 64;
        for (size_t t = 0; t < taps; t++) sum += weights[t] * lines[t][j];
        out[j] = (int16_t)(sum >> 7);
    }
}

AVX2 static void horizontal_avx2(const int16_t *in, uint8_t *out, size_t count, const int32_t *weights, size_t taps)
{
    if (taps > MAX_TAPS) {
        horizontal(in, out, count, weights, taps);
        return;
    }
    __m256i pairs[MAX_TAPS / 2];
    for (size_t t = 0; t < taps; t += 2) pairs[t / 2] = pair_weights(weights, t, taps);
    size_t length = 4 * count, j = 0;
    for (; j + 16 <= length; j += 16) {
        __m256i low = _mm256_set1_epi32(1 << 20), high = low;
        size_t t = 0;
        for (; t + 1 < taps; t += 2) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(in + j + 4 * t));
            __m256i b = _mm256_loadu_si256((const __m256i *)(in + j + 4 * t + 4));
            add_pairs(a, b, pairs[t / 2], &low, &high);
        }
        if (t < taps) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(in + j + 4 * t));
            add_pairs(a, _mm256_setzero_si256(), pairs[t / 2], &low, &high);
        }
        __m256i words = _mm256_packs_epi32(_mm256_srai_epi32(low, 21), _mm256_srai_epi32(high, 21));
        __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(words, words), 0xD8);
        _mm_storeu_si128((__m128i *)(out + j), _mm256_castsi256_si128(bytes));
    }
    for (; j < length; j++) {
        int32_t sum = 1 << 20;
        for (size_t t = 0; t < taps; t++) sum += weights[t] * in[j + 4 * t];
        int32_t v = sum >> 21;
        out[j] = (uint8_t)(v > 255 ? 255 : v);
    }
}
#endif

void blur_line_vertical(const uint8_t *const *lines, int16_t *out, size_t length, const int32_t *weights,
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

void blur_line_horizontal(const int16_t *in, uint8_t *out, size_t count, const int32_t *weights, size_t taps,
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

/* Output pixels per chunk of the halving: the chunk's vertical sums stay on the stack. */
enum { HALF_CHUNK = 64 };

ALWAYS_INLINE void halve(const uint8_t *const rows[4], uint8_t *out, size_t count)
{
    for (size_t start = 0; start < count; start += HALF_CHUNK) {
        size_t n = count - start < HALF_CHUNK ? count - start : HALF_CHUNK;
        /* Vertical [1 3 3 1] over the chunk's 2n + 2 input pixels, 16-bit (at most 8 · 255). */
        uint16_t vertical[4 * (2 * HALF_CHUNK + 2)];
        size_t length = 4 * (2 * n + 2), offset = 8 * start;
        const uint8_t *r0 = rows[0] + offset, *r1 = rows[1] + offset, *r2 = rows[2] + offset, *r3 = rows[3] + offset;
        for (size_t j = 0; j < length; j++)
            vertical[j] = (uint16_t)(r0[j] + 3 * r1[j] + 3 * r2[j] + r3[j]);
        /* Horizontal [1 3 3 1], a pixel's four 16-bit channels in one 64-bit word: the sums
         * (at most 64 · 255 + 32) never carry into the next channel. */
        for (size_t x = 0; x < n; x++) {
            uint64_t p[4];
            for (int k = 0; k < 4; k++) {
                const uint16_t *v = vertical + 8 * x + 4 * k;
                p[k] = (uint64_t)v[0] | (uint64_t)v[1] << 16 | (uint64_t)v[2] << 32 | (uint64_t)v[3] << 48;
            }
            uint64_t sum = p[0] + 3 * p[1] + 3 * p[2] + p[3] + 0x0020002000200020u;
            uint64_t bytes = (sum >> 6) & 0x00FF00FF00FF00FFu;
            uint8_t *o = out + 4 * (start + x);
            o[0] = (uint8_t)bytes;
            o[1] = (uint8_t)(bytes >> 16);
            o[2] = (uint8_t)(bytes >> 32);
            o[3] = (uint8_t)(bytes >> 48);
        }
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static void halve_avx2(const uint8_t *const rows[4], uint8_t *out, size_t count)
{
    halve(rows, out, count);
}
#endif

void blur_halve_line(const uint8_t *const rows[4], uint8_t *out, size_t count, int avx2)
{
#if defined(__x86_64__)
    if (avx2) {
        halve_avx2(rows, out, count);
        return;
    }
#endif
    (void)avx2;
    halve(rows, out, count);
}
