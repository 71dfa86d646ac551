/* YUV420Encoder's and YUV420Decoder's conversions with AVX2, every integer
 * the same as the Swift scalar code's.
 *
 * Encoding takes sixteen pixels of two rows (eight 2×2 blocks) per step.
 *
 * Luma: a pixel's bytes widened to 16-bit lanes (B, G, R, A) meet the
 * weights (B, G, R, 0) in vpmaddwd, whose lanes are signed 16-bit. The red
 * and blue weights fit; the green one (up to 98303) is taken as
 * luma_green − 65536 when it does not, and G·65536 is added back from the
 * pixel itself ((pixel & 0xFF00) << 8). Every partial sum is an exact 32-bit
 * integer and the whole is the scalar sum, so >> 16 gives the scalar byte.
 *
 * Chroma: the same 16-bit lanes of the two rows, added column by column and
 * then pair by pair, are the block sums (at most 1020); vpmaddwd and
 * vphaddd with the 16-bit weights give the scalar's 32-bit sums, then its
 * arithmetic >> 18.
 *
 * Decoding takes sixteen pixels of one row per step, in 32-bit lanes as the
 * scalar code's sums are (they stay below 2³¹); vpackssdw and vpackuswb do
 * its clamp to 0…255, since every shifted sum fits 16 signed bits. */
#include "vector_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

int vector_kernels_have_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#define AVX2 __attribute__((target("avx2")))

typedef struct {
    __m256i luma_weights, green_high, luma_offset;
    __m256i cb_weights, cr_weights, chroma_offset;
} weights256;

AVX2 static inline weights256 widen(const yuv420_weights *w)
{
    int32_t green = w->luma_green;
    int16_t green_low = (int16_t)(green >= 32768 ? green - 65536 : green);
    weights256 v;
    /* Little-endian ARGB32 widens to (B, G, R, A) per pixel. */
    v.luma_weights = _mm256_setr_epi16((int16_t)w->luma_blue, green_low, (int16_t)w->luma_red, 0,
                                       (int16_t)w->luma_blue, green_low, (int16_t)w->luma_red, 0,
                                       (int16_t)w->luma_blue, green_low, (int16_t)w->luma_red, 0,
                                       (int16_t)w->luma_blue, green_low, (int16_t)w->luma_red, 0);
    v.green_high = _mm256_set1_epi32(green >= 32768 ? 0xFF00 : 0);
    v.luma_offset = _mm256_set1_epi32(w->luma_offset);
    v.cb_weights = _mm256_setr_epi16((int16_t)w->cb_blue, (int16_t)w->cb_green, (int16_t)w->cb_red, 0,
                                     (int16_t)w->cb_blue, (int16_t)w->cb_green, (int16_t)w->cb_red, 0,
                                     (int16_t)w->cb_blue, (int16_t)w->cb_green, (int16_t)w->cb_red, 0,
                                     (int16_t)w->cb_blue, (int16_t)w->cb_green, (int16_t)w->cb_red, 0);
    v.cr_weights = _mm256_setr_epi16((int16_t)w->cr_blue, (int16_t)w->cr_green, (int16_t)w->cr_red, 0,
                                     (int16_t)w->cr_blue, (int16_t)w->cr_green, (int16_t)w->cr_red, 0,
                                     (int16_t)w->cr_blue, (int16_t)w->cr_green, (int16_t)w->cr_red, 0,
                                     (int16_t)w->cr_blue, (int16_t)w->cr_green, (int16_t)w->cr_red, 0);
    v.chroma_offset = _mm256_set1_epi32(w->chroma_offset);
    return v;
}

/* Luma of eight pixels (32-bit lanes, pixel order) from the pixels and
 * their widened halves: low = pixels 0, 1 | 4, 5; high = 2, 3 | 6, 7. */
AVX2 static inline __m256i luma8(const weights256 *v, __m256i pixels, __m256i low, __m256i high)
{
    __m256 a = _mm256_castsi256_ps(_mm256_madd_epi16(low, v->luma_weights));   /* (BG, R0) of 0, 1 | 4, 5 */
    __m256 b = _mm256_castsi256_ps(_mm256_madd_epi16(high, v->luma_weights));  /* (BG, R0) of 2, 3 | 6, 7 */
    __m256i evens = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
    __m256i odds = _mm256_castps_si256(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
    __m256i green = _mm256_slli_epi32(_mm256_and_si256(pixels, v->green_high), 8);
    __m256i sum = _mm256_add_epi32(_mm256_add_epi32(evens, odds), _mm256_add_epi32(green, v->luma_offset));
    return _mm256_srli_epi32(sum, 16);
}

/* (Cb, Cb, Cr, Cr | Cb, Cb, Cr, Cr) of the four blocks of eight columns, from the column sums. */
AVX2 static inline __m256i chroma4(const weights256 *v, __m256i left, __m256i right)
{
    __m256i sums = _mm256_add_epi16(_mm256_unpacklo_epi64(left, right), _mm256_unpackhi_epi64(left, right));
    __m256i cb = _mm256_madd_epi16(sums, v->cb_weights), cr = _mm256_madd_epi16(sums, v->cr_weights);
    return _mm256_srai_epi32(_mm256_add_epi32(_mm256_hadd_epi32(cb, cr), v->chroma_offset), 18);
}

AVX2 size_t yuv420_encode_rows_avx2(const yuv420_weights *weights, const uint32_t *top, const uint32_t *bottom,
                                    uint8_t *luma_top, uint8_t *luma_bottom, uint8_t *cb, uint8_t *cr, size_t width)
{
    const weights256 v = widen(weights);
    const __m256i zero = _mm256_setzero_si256();
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256i y[4], columns[2][2];
        for (int half = 0; half < 2; half++) {
            __m256i t = _mm256_loadu_si256((const __m256i *)(top + x + 8 * half));
            __m256i b = _mm256_loadu_si256((const __m256i *)(bottom + x + 8 * half));
            __m256i t_low = _mm256_unpacklo_epi8(t, zero), t_high = _mm256_unpackhi_epi8(t, zero);
            __m256i b_low = _mm256_unpacklo_epi8(b, zero), b_high = _mm256_unpackhi_epi8(b, zero);
            y[half] = luma8(&v, t, t_low, t_high);
            y[2 + half] = luma8(&v, b, b_low, b_high);
            columns[half][0] = _mm256_add_epi16(t_low, b_low);
            columns[half][1] = _mm256_add_epi16(t_high, b_high);
        }
        /* Luma: pack each row's sixteen values to bytes; lanes give 0-3, 8-11 | 4-7, 12-15. */
        for (int row = 0; row < 2; row++) {
            __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(y[2 * row], y[2 * row + 1]), zero);
            __m128i ordered = _mm_unpacklo_epi32(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
            _mm_storeu_si128((__m128i *)((row == 0 ? luma_top : luma_bottom) + x), ordered);
        }
        /* Chroma: blocks 0-3 and 4-7, as words (Cb0 Cb1 Cr0 Cr1 Cb4 Cb5 Cr4 Cr5 | Cb2 Cb3 Cr2 Cr3 Cb6 …). */
        __m256i words = _mm256_packs_epi32(chroma4(&v, columns[0][0], columns[0][1]),
                                           chroma4(&v, columns[1][0], columns[1][1]));
        __m256i bytes = _mm256_packus_epi16(words, zero);
        /* Per lane, byte pairs (Cb Cb, Cr Cr, Cb Cb, Cr Cr) → (Cb Cb, Cb Cb, Cr Cr, Cr Cr). */
        bytes = _mm256_shuffle_epi8(bytes, _mm256_setr_epi8(0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                                            0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
        __m128i blocks = _mm_unpacklo_epi16(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
        _mm_storel_epi64((__m128i *)(cb + x / 2), blocks);
        _mm_storel_epi64((__m128i *)(cr + x / 2), _mm_unpackhi_epi64(blocks, blocks));
    }
    return x / 2;
}

/* Eight pixels from their luma and chroma bytes (each chroma byte already
 * doubled into two pixels' lanes): B, G, R, A bytes per pixel. */
AVX2 static inline __m256i decode8(const yuv420_decode_weights *w, __m128i luma, __m128i cb, __m128i cr)
{
    const __m256i half = _mm256_set1_epi32(1 << 15), centre = _mm256_set1_epi32(128);
    __m256i y = _mm256_sub_epi32(_mm256_cvtepu8_epi32(luma), _mm256_set1_epi32(w->luma_offset));
    __m256i u = _mm256_sub_epi32(_mm256_cvtepu8_epi32(cb), centre);
    __m256i v = _mm256_sub_epi32(_mm256_cvtepu8_epi32(cr), centre);
    __m256i l = _mm256_add_epi32(_mm256_mullo_epi32(y, _mm256_set1_epi32(w->luma)), half);
    __m256i red = _mm256_add_epi32(l, _mm256_mullo_epi32(v, _mm256_set1_epi32(w->cr_red)));
    __m256i green = _mm256_add_epi32(_mm256_add_epi32(l, _mm256_mullo_epi32(u, _mm256_set1_epi32(w->cb_green))),
                                     _mm256_mullo_epi32(v, _mm256_set1_epi32(w->cr_green)));
    __m256i blue = _mm256_add_epi32(l, _mm256_mullo_epi32(u, _mm256_set1_epi32(w->cb_blue)));
    /* Per 128-bit lane (pixels 0-3 | 4-7): words B B B B G G G G, R R R R A A A A; then bytes B×4 G×4 R×4 A×4. */
    __m256i blue_green = _mm256_packs_epi32(_mm256_srai_epi32(blue, 16), _mm256_srai_epi32(green, 16));
    __m256i red_alpha = _mm256_packs_epi32(_mm256_srai_epi32(red, 16), _mm256_set1_epi32(255));
    __m256i planar = _mm256_packus_epi16(blue_green, red_alpha);
    return _mm256_shuffle_epi8(planar, _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                                        0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
}

AVX2 size_t yuv420_decode_row_avx2(const yuv420_decode_weights *weights, const uint8_t *luma, const uint8_t *cb,
                                   const uint8_t *cr, size_t chroma_step, uint32_t *out, size_t width)
{
    const __m128i doubled = _mm_setr_epi8(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7);
    const __m128i evens = _mm_setr_epi8(0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14);
    const __m128i odds = _mm_setr_epi8(1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11, 13, 13, 15, 15);
    size_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i u, v;
        if (chroma_step == 1) {
            u = _mm_shuffle_epi8(_mm_loadl_epi64((const __m128i *)(cb + x / 2)), doubled);
            v = _mm_shuffle_epi8(_mm_loadl_epi64((const __m128i *)(cr + x / 2)), doubled);
        } else {
            /* Interleaved pairs: the sixteen bytes of eight, from whichever of Cb and Cr comes first. */
            int cb_first = cb < cr;
            __m128i pairs = _mm_loadu_si128((const __m128i *)((cb_first ? cb : cr) + x));
            u = _mm_shuffle_epi8(pairs, cb_first ? evens : odds);
            v = _mm_shuffle_epi8(pairs, cb_first ? odds : evens);
        }
        __m128i y = _mm_loadu_si128((const __m128i *)(luma + x));
        _mm256_storeu_si256((__m256i *)(out + x), decode8(weights, y, u, v));
        _mm256_storeu_si256((__m256i *)(out + x + 8),
                            decode8(weights, _mm_srli_si128(y, 8), _mm_srli_si128(u, 8), _mm_srli_si128(v, 8)));
    }
    return x;
}

#else

int vector_kernels_have_avx2(void) { return 0; }

size_t yuv420_encode_rows_avx2(const yuv420_weights *weights, const uint32_t *top, const uint32_t *bottom,
                               uint8_t *luma_top, uint8_t *luma_bottom, uint8_t *cb, uint8_t *cr, size_t width)
{
    (void)weights, (void)top, (void)bottom, (void)luma_top, (void)luma_bottom, (void)cb, (void)cr, (void)width;
    return 0;
}

size_t yuv420_decode_row_avx2(const yuv420_decode_weights *weights, const uint8_t *luma, const uint8_t *cb,
                              const uint8_t *cr, size_t chroma_step, uint32_t *out, size_t width)
{
    (void)weights, (void)luma, (void)cb, (void)cr, (void)chroma_step, (void)out, (void)width;
    return 0;
}

#endif
