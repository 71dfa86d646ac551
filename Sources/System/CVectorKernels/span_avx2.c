/* SpanKernels' rows with AVX2, eight pixels at a time: a translated image
 * (at whole pixels, or sampled from two or four taps between them), a tint
 * painted with such an image's alpha, and the fused crossfade; faded by one
 * byte and combined by SRC, OVER or ADD, with pixman's MUL_UN8 rounding and
 * saturating sums — the integers of the Swift loops. */
#include <immintrin.h>

#include "vector_kernels.h"

#define AVX2 __attribute__((target("avx2"))) static inline __attribute__((always_inline))

/* x·y/255 rounded in every 16-bit lane: ((x·y + 0x80) · 0x101) >> 16. */
AVX2 __m256i mul16(__m256i x, __m256i y)
{
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, y), _mm256_set1_epi16(0x80));
    return _mm256_mulhi_epu16(t, _mm256_set1_epi16(0x101));
}

/* 255 − each pixel's alpha, in its four 16-bit lanes. */
AVX2 __m256i inverse_alpha16(__m256i pixels16)
{
    __m256i alpha = _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(pixels16, 0xFF), 0xFF);
    return _mm256_xor_si256(alpha, _mm256_set1_epi16(255));
}

/* Eight source pixels, as 16-bit lanes (pixels 0, 1 | 4, 5 in `low`, 2, 3 |
 * 6, 7 in `high`, as unpacking orders them), faded by `mask` (255 leaves
 * them) and combined with *out by `op`. */
AVX2 void combine8(__m256i *out, __m256i low, __m256i high, uint8_t mask, int op)
{
    const __m256i zero = _mm256_setzero_si256();
    if (mask != 255) {
        low = mul16(low, _mm256_set1_epi16(mask));
        high = mul16(high, _mm256_set1_epi16(mask));
    }
    __m256i source = _mm256_packus_epi16(low, high);
    if (op == SPAN_SOURCE) {
        _mm256_storeu_si256(out, source);
        return;
    }
    __m256i d = _mm256_loadu_si256(out);
    if (op == SPAN_OVER) {
        __m256i dl = mul16(_mm256_unpacklo_epi8(d, zero), inverse_alpha16(low));
        __m256i dh = mul16(_mm256_unpackhi_epi8(d, zero), inverse_alpha16(high));
        d = _mm256_packus_epi16(dl, dh);
    }
    _mm256_storeu_si256(out, _mm256_adds_epu8(source, d));
}

/* Eight pixels of one row, sampled from up to four taps: pixels 0, 1 | 4, 5
 * into *low and 2, 3 | 6, 7 into *high as 16-bit lanes (as unpacking orders
 * them). Whole pixels are the top row itself; one direction's two taps are
 * (A·w₁ + B·w₂) >> 7; four taps are each column's T·wt + B·wb (16 bits),
 * then (left·wl + right·wr) >> 14 — the sums of SpanKernels' samplers. */
AVX2 void sample8(const uint32_t *top, const uint32_t *bottom, int wl, int wr, int wt, int wb, __m256i *low,
                  __m256i *high)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i t = _mm256_loadu_si256((const __m256i *)top);
    if (wr == 0 && wb == 0 && wt == 128) {
        *low = _mm256_unpacklo_epi8(t, zero);
        *high = _mm256_unpackhi_epi8(t, zero);
        return;
    }
    /* The two taps of one direction, or each column's vertical blend. */
    const int across = wr != 0 && wb == 0 && wt == 128;
    __m256i b = _mm256_loadu_si256((const __m256i *)(across ? top + 1 : bottom));
    __m256i k1 = _mm256_set1_epi16((short)(across ? wl : wt)), k2 = _mm256_set1_epi16((short)(across ? wr : wb));
    __m256i vl = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t, zero), k1),
                                  _mm256_mullo_epi16(_mm256_unpacklo_epi8(b, zero), k2));
    __m256i vh = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t, zero), k1),
                                  _mm256_mullo_epi16(_mm256_unpackhi_epi8(b, zero), k2));
    if (across || wr == 0) {
        *low = _mm256_srli_epi16(vl, 7);
        *high = _mm256_srli_epi16(vh, 7);
        return;
    }
    __m256i t1 = _mm256_loadu_si256((const __m256i *)(top + 1)), b1 = _mm256_loadu_si256((const __m256i *)(bottom + 1));
    __m256i rl = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpacklo_epi8(t1, zero), k1),
                                  _mm256_mullo_epi16(_mm256_unpacklo_epi8(b1, zero), k2));
    __m256i rh = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_unpackhi_epi8(t1, zero), k1),
                                  _mm256_mullo_epi16(_mm256_unpackhi_epi8(b1, zero), k2));
    const __m256i columns = _mm256_set1_epi32(wl | wr << 16);
    #define PAIRS(unpack, v, r) _mm256_srli_epi32(_mm256_madd_epi16(unpack(v, r), columns), 14)
    *low = _mm256_packs_epi32(PAIRS(_mm256_unpacklo_epi16, vl, rl), PAIRS(_mm256_unpackhi_epi16, vl, rl));
    *high = _mm256_packs_epi32(PAIRS(_mm256_unpacklo_epi16, vh, rh), PAIRS(_mm256_unpackhi_epi16, vh, rh));
    #undef PAIRS
}

/* Whole pixels, top[i] itself: one loop per operator and per mask or none
 * (`mask` and `op` are constants where it is inlined), with nothing left to
 * decide per pixel — the rows of a particle system's sprites. */
AVX2 size_t whole_span(uint32_t *destination, const uint32_t *top, size_t count, uint8_t mask, int op)
{
    const __m256i zero = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i t = _mm256_loadu_si256((const __m256i *)(top + i));
        combine8((__m256i *)(destination + i), _mm256_unpacklo_epi8(t, zero), _mm256_unpackhi_epi8(t, zero), mask, op);
    }
    return i;
}

__attribute__((target("avx2")))
size_t span_combine_avx2(uint32_t *destination, const uint32_t *top, const uint32_t *bottom, size_t count,
                         int left_weight, int right_weight, int top_weight, int bottom_weight, uint8_t mask, int op)
{
    if (right_weight == 0 && bottom_weight == 0 && top_weight == 128) {
        switch (op) {
        case SPAN_ADD:
            return mask == 255 ? whole_span(destination, top, count, 255, SPAN_ADD)
                               : whole_span(destination, top, count, mask, SPAN_ADD);
        case SPAN_OVER:
            return mask == 255 ? whole_span(destination, top, count, 255, SPAN_OVER)
                               : whole_span(destination, top, count, mask, SPAN_OVER);
        default:
            return whole_span(destination, top, count, mask, SPAN_SOURCE);
        }
    }
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i low, high;
        sample8(top + i, bottom + i, left_weight, right_weight, top_weight, bottom_weight, &low, &high);
        combine8((__m256i *)(destination + i), low, high, mask, op);
    }
    return i;
}

__attribute__((target("avx2")))
size_t tinted_span_avx2(uint32_t *destination, const uint32_t *top, const uint32_t *bottom, size_t count,
                        int left_weight, int right_weight, int top_weight, int bottom_weight, uint32_t paint,
                        uint8_t mask, int op)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i rows = _mm256_set1_epi32(top_weight | bottom_weight << 16);
    const __m256i columns = _mm256_set1_epi32(left_weight | right_weight << 16);
    const __m256i paint16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)paint), zero);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        /* Each column's alphas, top in the low half of a word and bottom in the high, times the rows' weights. */
        #define ALPHAS(k) _mm256_or_si256(_mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(top + i + (k))), 24), \
            _mm256_slli_epi32(_mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(bottom + i + (k))), 24), 16))
        __m256i left = _mm256_madd_epi16(ALPHAS(0), rows);
        __m256i right = right_weight ? _mm256_madd_epi16(ALPHAS(1), rows) : zero;
        #undef ALPHAS
        /* (left·wl + right·wr) >> 14: each sum at most 255·128, a 16-bit lane. */
        __m256i alpha = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_or_si256(left, _mm256_slli_epi32(right, 16)),
                                                            columns), 14);
        /* The alpha in the four lanes of its pixel: pixels 0, 1 | 4, 5 and 2, 3 | 6, 7, as unpacking orders them. */
        __m256i pairs = _mm256_or_si256(alpha, _mm256_slli_epi32(alpha, 16));
        __m256i low = mul16(paint16, _mm256_unpacklo_epi32(pairs, pairs));
        __m256i high = mul16(paint16, _mm256_unpackhi_epi32(pairs, pairs));
        combine8((__m256i *)(destination + i), low, high, mask, op);
    }
    return i;
}

__attribute__((target("avx2")))
size_t crossfade_avx2(uint32_t *destination, const uint32_t *first, uint8_t first_mask, const uint32_t *second,
                      uint8_t second_mask, size_t count, int op)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i k1 = _mm256_set1_epi16(first_mask), k2 = _mm256_set1_epi16(second_mask);
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000);
    const int plain = first_mask == 255 && second_mask == 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i *out = (__m256i *)(destination + i);
        __m256i b = _mm256_loadu_si256((const __m256i *)(second + i));
        if (op == SPAN_OVER && plain && _mm256_testc_si256(b, alpha)) {
            /* Every pixel of the second opaque: the first is not even read. */
            _mm256_storeu_si256(out, b);
            continue;
        }
        __m256i a = _mm256_loadu_si256((const __m256i *)(first + i));
        __m256i al = mul16(_mm256_unpacklo_epi8(a, zero), k1), ah = mul16(_mm256_unpackhi_epi8(a, zero), k1);
        __m256i bl = mul16(_mm256_unpacklo_epi8(b, zero), k2), bh = mul16(_mm256_unpackhi_epi8(b, zero), k2);
        if (op == SPAN_ADD) {
            /* Sums in 16-bit lanes, saturated by the pack. */
            _mm256_storeu_si256(out, _mm256_packus_epi16(_mm256_add_epi16(al, bl), _mm256_add_epi16(ah, bh)));
            continue;
        }
        /* OVER: the faded second, plus the faded first times 255 − the faded second's alpha. */
        __m256i dl = mul16(al, inverse_alpha16(bl)), dh = mul16(ah, inverse_alpha16(bh));
        _mm256_storeu_si256(out, _mm256_adds_epu8(_mm256_packus_epi16(bl, bh), _mm256_packus_epi16(dl, dh)));
    }
    return i;
}
