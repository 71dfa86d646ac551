/* AffineKernel's samples of an image magnified across, one output row at a
 * time: each source column's vertical blend once, then two neighbouring
 * blends weighted per output pixel — with AVX2 eight columns and eight
 * pixels at a time. The integers of AffineKernel.interpolate. */
#include <immintrin.h>

#include "vector_kernels.h"

void magnified_columns(int32_t sx, int32_t step, size_t count, int32_t *offsets, int32_t *weights)
{
    int64_t s = sx;
    int32_t first = sx >> 16;
    for (size_t i = 0; i < count; i++, s += step) {
        uint32_t wx = (uint32_t)(s >> 9) & 127;
        offsets[i] = 4 * ((int32_t)(s >> 16) - first);
        weights[i] = (int32_t)(wx << 16 | (128 - wx));
    }
}

/* Blend of source column c (0 outside the image or for a missing row). */
static void blend_column(const uint32_t *top, const uint32_t *bottom, int wt, int wb, int32_t width, int32_t c,
                         uint16_t *out)
{
    uint32_t t = top && c >= 0 && c < width ? top[c] : 0, b = bottom && c >= 0 && c < width ? bottom[c] : 0;
    for (int k = 0; k < 4; k++)
        out[k] = (uint16_t)(((t >> (8 * k)) & 0xFF) * (uint32_t)wt + ((b >> (8 * k)) & 0xFF) * (uint32_t)wb);
}

/* Output pixel i from its pair of blends, one channel at a time. */
static uint32_t weigh(const uint16_t *pair, int32_t weight)
{
    uint32_t wx = (uint32_t)weight >> 16, pixel = 0;
    for (int k = 0; k < 4; k++) pixel |= ((pair[k] * (128 - wx) + pair[4 + k] * wx) >> 14) << (8 * k);
    return pixel;
}

#if defined(__x86_64__)
#define AVX2 __attribute__((target("avx2")))

/* Columns first … first + columns − 1, eight at a time where all lie in
 * the image and both rows are there; the rest one at a time. */
AVX2 static void blend_columns_avx2(const uint32_t *top, const uint32_t *bottom, int wt, int wb, int32_t width,
                                    int32_t first, int32_t columns, uint16_t *blends)
{
    const __m256i zero = _mm256_setzero_si256(), kt = _mm256_set1_epi16((short)wt), kb = _mm256_set1_epi16((short)wb);
    int32_t c = first, end = first + columns;
    for (; c < end && (c < 0 || !top || !bottom); c++) blend_column(top, bottom, wt, wb, width, c, blends + 4 * (c - first));
    for (; c + 8 <= end && c + 8 <= width; c += 8) {
        /* Unpacking within lanes: pixels 0, 1 | 4, 5 in `low`, 2, 3 | 6, 7 in `high`. */
        __m256i t = _mm256_loadu_si256((const __m256i *)(top + c)), b = _mm256_loadu_si256((const __m256i *)(bottom + c));
        __m256i low = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero), kt),
                                       _mm256_mullo_epi16(_mm256_unpacklo_epi8(b, zero), kb));
        __m256i high = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero), kt),
                                        _mm256_mullo_epi16(_mm256_unpackhi_epi8(b, zero), kb));
        uint16_t *out = blends + 4 * (c - first);
        _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(low));
        _mm_storeu_si128((__m128i *)(out + 8), _mm256_castsi256_si128(high));
        _mm_storeu_si128((__m128i *)(out + 16), _mm256_extracti128_si256(low, 1));
        _mm_storeu_si128((__m128i *)(out + 24), _mm256_extracti128_si256(high, 1));
    }
    for (; c < end; c++) blend_column(top, bottom, wt, wb, width, c, blends + 4 * (c - first));
}

/* Eight output pixels at a time: two per register, each lane a pixel's pair
 * of blends, channel by channel, weighted (128 − wx, wx). */
AVX2 static size_t weigh_avx2(const uint16_t *blends, const int32_t *offsets, const int32_t *weights,
                              uint32_t *samples, size_t count)
{
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i w = _mm256_loadu_si256((const __m256i *)(weights + i));
        __m256i sums[4];
        for (int k = 0; k < 4; k++) {
            __m128i a = _mm_loadu_si128((const __m128i *)(blends + offsets[i + 2 * k]));
            __m128i b = _mm_loadu_si128((const __m128i *)(blends + offsets[i + 2 * k + 1]));
            __m256i both = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
            __m256i pairs = _mm256_unpacklo_epi16(both, _mm256_srli_si256(both, 8));
            __m256i wk = _mm256_permutevar8x32_epi32(w, _mm256_setr_epi32(2 * k, 2 * k, 2 * k, 2 * k, 2 * k + 1,
                                                                          2 * k + 1, 2 * k + 1, 2 * k + 1));
            sums[k] = _mm256_srli_epi32(_mm256_madd_epi16(pairs, wk), 14);
        }
        /* Lanes: [0 2 4 6] low and [1 3 5 7] high after packing; then in order. */
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(sums[0], sums[1]), _mm256_packs_epi32(sums[2], sums[3]));
        _mm256_storeu_si256((__m256i *)(samples + i),
                            _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7)));
    }
    return i;
}
#endif

void magnified_row(const uint32_t *top, const uint32_t *bottom, int wt, int wb, int32_t width, int32_t first,
                   int32_t columns, uint16_t *blends, const int32_t *offsets, const int32_t *weights,
                   uint32_t *samples, size_t count, int avx2)
{
    size_t i = 0;
#if defined(__x86_64__)
    if (avx2) {
        blend_columns_avx2(top, bottom, wt, wb, width, first, columns, blends);
        i = weigh_avx2(blends, offsets, weights, samples, count);
    } else
#endif
    {
        (void)avx2;
        for (int32_t c = first; c < first + columns; c++) blend_column(top, bottom, wt, wb, width, c, blends + 4 * (c - first));
    }
    for (; i < count; i++) samples[i] = weigh(blends + offsets[i], weights[i]);
}
