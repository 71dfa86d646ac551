/* Bilinear sampling and compositing, eight pixels at a time with AVX2: the
 * arithmetic of AffineKernel (Sources/Host/SegueCompositor/Kernels), which
 * is pixman's, integer for integer. */
#include "vector_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/* Eight bilinear samples at reference points (x, y) (16.16), as bytes in pixel order. */
AVX2 static inline __m256i sample8(const uint8_t *pixels, int32_t stride, __m256i x, __m256i y)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i offsets = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(y, 16), _mm256_set1_epi32(stride)),
                                       _mm256_slli_epi32(_mm256_srai_epi32(x, 16), 2));
    __m128i low = _mm256_castsi256_si128(offsets), high = _mm256_extracti128_si256(offsets, 1);
    /* (tl, tr) and (bl, br) of pixels 0-3 and 4-7, 64 bits a pixel. */
    __m256i top0 = _mm256_i32gather_epi64((const long long *)pixels, low, 1);
    __m256i top1 = _mm256_i32gather_epi64((const long long *)pixels, high, 1);
    /* Where no sample weighs the lower row (a row shifted sideways), it is not read. */
    __m256i bottom0 = top0, bottom1 = top1;
    if (!_mm256_testz_si256(y, _mm256_set1_epi32(0xFE00))) {
        bottom0 = _mm256_i32gather_epi64((const long long *)(pixels + stride), low, 1);
        bottom1 = _mm256_i32gather_epi64((const long long *)(pixels + stride), high, 1);
    }
    /* Weights, one 32-bit word a pixel: (128 − d) in the low half, d in the high. */
    __m256i dy = _mm256_and_si256(_mm256_srli_epi32(y, 9), _mm256_set1_epi32(127));
    __m256i dx = _mm256_and_si256(_mm256_srli_epi32(x, 9), _mm256_set1_epi32(127));
    __m256i vertical = _mm256_or_si256(_mm256_slli_epi32(dy, 16), _mm256_sub_epi32(_mm256_set1_epi32(128), dy));
    __m256i horizontal = _mm256_or_si256(_mm256_slli_epi32(dx, 16), _mm256_sub_epi32(_mm256_set1_epi32(128), dx));
    __m256i result[4];
    /* Unpacking a 64-bit pair per 128-bit lane gives pixels (0, 2), (1, 3), (4, 6), (5, 7). */
    static const int order[4][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}};
    for (int k = 0; k < 4; k++) {
        __m256i top = k < 2 ? top0 : top1, bottom = k < 2 ? bottom0 : bottom1;
        __m256i upper = (k % 2 == 0) ? _mm256_unpacklo_epi8(top, zero) : _mm256_unpackhi_epi8(top, zero);
        __m256i lower = (k % 2 == 0) ? _mm256_unpacklo_epi8(bottom, zero) : _mm256_unpackhi_epi8(bottom, zero);
        __m256i pick = _mm256_setr_epi32(order[k][0], order[k][0], order[k][0], order[k][0],
                                         order[k][1], order[k][1], order[k][1], order[k][1]);
        __m256i v = _mm256_permutevar8x32_epi32(vertical, pick), h = _mm256_permutevar8x32_epi32(horizontal, pick);
        __m256i left = _mm256_madd_epi16(_mm256_unpacklo_epi16(upper, lower), v);
        __m256i right = _mm256_madd_epi16(_mm256_unpackhi_epi16(upper, lower), v);
        __m256i pairs = _mm256_or_si256(left, _mm256_slli_epi32(right, 16));
        result[k] = _mm256_srli_epi32(_mm256_madd_epi16(pairs, h), 14);
    }
    /* (0, 2) (1, 3) → words [0 1 | 2 3]; (4, 6) (5, 7) → [4 5 | 6 7]; bytes [0 1 4 5 | 2 3 6 7] → in order. */
    __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(result[0], result[1]),
                                        _mm256_packs_epi32(result[2], result[3]));
    return _mm256_permute4x64_epi64(bytes, 0xD8);
}

/* x · a / 255 per 16-bit lane, pixman's rounding: ((x·a + 128) · 257) >> 16. */
AVX2 static inline __m256i multiply16(__m256i x, __m256i a)
{
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, a), _mm256_set1_epi16(0x80)),
                              _mm256_set1_epi16(0x101));
}

/* Bytes times bytes / 255. */
AVX2 static inline __m256i multiply8(__m256i x, __m256i a)
{
    const __m256i zero = _mm256_setzero_si256();
    return _mm256_packus_epi16(multiply16(_mm256_unpacklo_epi8(x, zero), _mm256_unpacklo_epi8(a, zero)),
                               multiply16(_mm256_unpackhi_epi8(x, zero), _mm256_unpackhi_epi8(a, zero)));
}

/* Eight source pixels (filtered) times the coverage bytes, combined with
 * eight destination pixels by `op` (SPAN_SOURCE does not read them). */
AVX2 static inline __m256i combine8(__m256i s, const __m256i *target, __m256i coverage, int scaled, int op)
{
    if (scaled) s = multiply8(s, coverage);
    if (op == SPAN_SOURCE) return s;
    __m256i d = _mm256_loadu_si256(target);
    if (op == SPAN_ADD) return _mm256_adds_epu8(s, d);
    if (_mm256_testz_si256(s, s)) return d;
    const __m256i alpha = _mm256_set1_epi32((int32_t)0xFF000000);
    if (_mm256_testc_si256(s, alpha)) return s;   /* every alpha byte 255 */
    __m256i inverse = _mm256_srli_epi32(s, 24);
    inverse = _mm256_or_si256(inverse, _mm256_slli_epi32(inverse, 8));
    inverse = _mm256_or_si256(inverse, _mm256_slli_epi32(inverse, 16));
    inverse = _mm256_xor_si256(inverse, _mm256_set1_epi32(-1));
    return _mm256_adds_epu8(s, multiply8(d, inverse));
}

AVX2 size_t bilinear_span_avx2(const uint8_t *pixels, size_t stride, int32_t x0, int32_t y0, int32_t dx, int32_t dy,
                               const int32_t *xs, const int32_t *ys, uint32_t *destination, const uint8_t *mask,
                               uint32_t factor, int op, size_t count, int32_t row_dx, int32_t row_dy, int32_t rows)
{
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i uniform = _mm256_set1_epi8((char)factor);
    const int scaled = mask != NULL || factor != 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i x, y;
        if (xs) {
            x = _mm256_loadu_si256((const __m256i *)(xs + i));
            y = _mm256_loadu_si256((const __m256i *)(ys + i));
        } else {
            __m256i index = _mm256_add_epi32(_mm256_set1_epi32((int32_t)i), steps);
            x = _mm256_add_epi32(_mm256_set1_epi32(x0), _mm256_mullo_epi32(index, _mm256_set1_epi32(dx)));
            y = _mm256_add_epi32(_mm256_set1_epi32(y0), _mm256_mullo_epi32(index, _mm256_set1_epi32(dy)));
        }
        __m256i coverage = uniform;
        if (mask) {
            /* Eight mask bytes, each spread over its pixel's four bytes: bytes 0-3 to the low lane, 4-7 to the high. */
            __m128i m = _mm_loadl_epi64((const __m128i *)(mask + i));
            coverage = _mm256_shuffle_epi8(_mm256_setr_m128i(m, _mm_srli_si128(m, 4)),
                                           _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                                            0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3));
        }
        /* The lines the next output row reads below these pixels: a turn walks across rows faster
         * than the hardware prefetcher follows, and this row's own lines above were read by the
         * row before. Given points say nothing of the next row's: they are guessed one step
         * (row_dx, row_dy) on from these. */
        for (size_t k = i; k < i + 8; k += 7) {
            const int64_t px = (int64_t)(xs ? xs[k] : x0 + (int32_t)k * dx) + row_dx;
            const int64_t py = (int64_t)(xs ? ys[k] : y0 + (int32_t)k * dy) + row_dy;
            if (px >= 0 && py >= 0 && (py >> 16) + 1 < rows)
                _mm_prefetch((const char *)pixels + (size_t)((py >> 16) + 1) * stride + (size_t)(px >> 16) * 4,
                             _MM_HINT_T0);
        }
        __m256i source = sample8(pixels, (int32_t)stride, x, y);
        __m256i *target = (__m256i *)(destination + i);
        _mm256_storeu_si256(target, combine8(source, target, coverage, scaled, op));
    }
    return i;
}

#else

size_t bilinear_span_avx2(const uint8_t *pixels, size_t stride, int32_t x0, int32_t y0, int32_t dx, int32_t dy,
                          const int32_t *xs, const int32_t *ys, uint32_t *destination, const uint8_t *mask,
                          uint32_t factor, int op, size_t count, int32_t row_dx, int32_t row_dy, int32_t rows)
{
    (void)row_dx, (void)row_dy, (void)rows;
    (void)pixels, (void)stride, (void)x0, (void)y0, (void)dx, (void)dy, (void)xs, (void)ys, (void)destination;
    (void)mask, (void)factor, (void)op, (void)count;
    return 0;
}

#endif
