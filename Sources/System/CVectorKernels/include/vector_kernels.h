/*
 * vector_kernels.h — kernels for instruction sets newer than the x86-64
 * baseline that Swift compiles for, chosen at run time. Swift cannot build
 * one function for AVX2 and the rest for SSE2; C can
 * (__attribute__((target))). Each kernel computes exactly the integers of
 * the portable Swift code it speeds up, which its tests check byte for byte;
 * a caller asks vector_kernels_have_avx2() first and otherwise stays on the
 * Swift path.
 */
#ifndef SEGUE_VECTOR_KERNELS_H
#define SEGUE_VECTOR_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/** Whether this processor (and its operating system) runs AVX2 code. */
int vector_kernels_have_avx2(void);

/** Asks the processor to bring the `bytes` from `start` into its caches,
 *  one request per 64-byte line: a hint that reads and changes nothing,
 *  for any processor. */
void prefetch_bytes(const void *start, size_t bytes);

/** The fixed-point weights of YUV420Encoder (Sources/Host/SegueImageIO/YUV):
 *  Y' = (luma_red·R + luma_green·G + luma_blue·B + luma_offset) >> 16 per
 *  pixel; Cb = (cb_red·ΣR + cb_green·ΣG + cb_blue·ΣB + chroma_offset) >> 18
 *  over the sums of a 2×2 block, Cr likewise. The kernel is exact when
 *  luma_red and luma_blue lie in 0…32767, luma_green in 0…98303, every
 *  luma sum stays below 2³¹ and every chroma weight fits 16 signed bits. */
typedef struct yuv420_weights {
    int32_t luma_red, luma_green, luma_blue, luma_offset;
    int32_t cb_red, cb_green, cb_blue;
    int32_t cr_red, cr_green, cr_blue;
    int32_t chroma_offset;
} yuv420_weights;

/** Converts the leftmost pixels of two rows of premultiplied ARGB32 (alpha
 *  ignored), sixteen at a time (eight 2×2 blocks), for as long as whole
 *  groups of sixteen fit in `width`: luma into luma_top and luma_bottom, one
 *  Cb and one Cr byte per block into cb and cr. Returns the blocks done.
 *  Call only when vector_kernels_have_avx2() says so. */
size_t yuv420_encode_rows_avx2(const yuv420_weights *weights, const uint32_t *top, const uint32_t *bottom,
                               uint8_t *luma_top, uint8_t *luma_bottom, uint8_t *cb, uint8_t *cr, size_t width);

/** The fixed-point weights of YUV420Decoder (Sources/Host/SegueImageIO/YUV):
 *  with l = (Y' − luma_offset)·luma + 2¹⁵, u = Cb − 128 and v = Cr − 128,
 *  R = clamp((l + cr_red·v) >> 16), G = clamp((l + cb_green·u + cr_green·v)
 *  >> 16), B = clamp((l + cb_blue·u) >> 16), clamped to 0…255. Exact while
 *  every sum stays within 32 signed bits and every sum >> 16 within 16. */
typedef struct yuv420_decode_weights {
    int32_t luma, luma_offset, cr_red, cb_blue, cb_green, cr_green;
} yuv420_decode_weights;

/** Converts the leftmost pixels of one row of 4:2:0 Y'CbCr into opaque
 *  ARGB32, sixteen at a time for as long as whole groups fit in `width`,
 *  each pixel taking chroma sample x / 2 of its row: `cb` and `cr` hold one
 *  byte per sample (chroma_step 1) or interleaved pairs (chroma_step 2, NV12:
 *  one pointer one byte past the other). Returns the pixels done. Call only
 *  when vector_kernels_have_avx2() says so. */
size_t yuv420_decode_row_avx2(const yuv420_decode_weights *weights, const uint8_t *luma, const uint8_t *cb,
                              const uint8_t *cr, size_t chroma_step, uint32_t *out, size_t width);

/*
 * The passes of GaussianBlur (Sources/Host/SegueCompositor/Kernels): integer
 * arithmetic only, so every path gives the same bytes. `avx2` non-zero runs
 * the same C compiled for AVX2 (ask vector_kernels_have_avx2() first).
 * Channels are bytes or 16-bit values in pixel order, four per pixel; a
 * "line" is a row's channels, 4 × pixels long.
 */

/** One row of the vertical pass: for each channel j < length,
 *  out[j] = (Σ_t weights[t] · lines[t][j] + 64) >> 7, t < taps: bytes in,
 *  Q14 weights (non-negative, summing to 16384), the result in Q7. */
void blur_line_vertical(const uint8_t *const *lines, int16_t *out, size_t length, const int32_t *weights,
                        size_t taps, int avx2);

/** One row of the horizontal pass: for each channel j < 4·count,
 *  out[j] = min(255, (Σ_t weights[t] · in[j + 4t] + 2²⁰) >> 21), t < taps:
 *  the Q7 input holds count + taps − 1 pixels (the caller pads it). */
void blur_line_horizontal(const int16_t *in, uint8_t *out, size_t count, const int32_t *weights, size_t taps,
                          int avx2);

/** Halves two rows' worth of resolution: output pixel x of the output row is
 *  the binomial [1 3 3 1] ⊗ [1 3 3 1] / 64 (rounded) of input pixels
 *  2x … 2x + 3 of `rows[0]` … `rows[3]`, each row holding 2·count + 2 pixels
 *  (the caller pads one pixel before the first and one after the last). */
void blur_halve_line(const uint8_t *const rows[4], uint8_t *out, size_t count, int avx2);

/** A colour matrix on premultiplied pixels (ColorMatrixKernel): with the
 *  pixel's channels r, g, b, a and the fixed-point weights (`shift`
 *  fractional bits), for each colour channel c
 *      v = clamp(m[c][0]·r + m[c][1]·g + m[c][2]·b + m[c][3]·a, 0, bound·a)
 *      c' = (v + 2^(shift−1)) >> shift
 *  and a' = (bound·a + 2^(shift−1)) >> shift, where `bound` is the alpha
 *  scale in the same fixed point. Rows of m: red, green, blue. Every sum
 *  must fit 31 bits (the caller picks `shift` for that). Transparent pixels
 *  stay transparent. */
void color_matrix_line(uint32_t *pixels, size_t count, const int32_t m[3][4], int32_t bound, int shift, int avx2);

/** The columns of an image magnified across by AffineKernel (the same on
 *  every row): output pixel i has the 16.16 reference point
 *  s = sx + i·step (0 < step ≤ 65536), its left source column
 *  (s >> 16) − (sx >> 16) as an offset into magnified_row's blends
 *  (4 × that) and its right column's weight wx = (s >> 9) & 127 as
 *  wx << 16 | (128 − wx). */
void magnified_columns(int32_t sx, int32_t step, size_t count, int32_t *offsets, int32_t *weights);

/** One output row of an image magnified across (see magnified_columns):
 *  source columns first … first + columns − 1 of the rows `top` and
 *  `bottom` (NULL: transparent) blended into `blends` (4 × columns 16-bit
 *  channels, T·wt + B·wb, wt + wb = 128, columns outside 0 … width − 1
 *  transparent), then each output pixel from its two columns' blends B₀,
 *  B₁: (B₀·(128 − wx) + B₁·wx) >> 14 per channel — pixman's bilinear
 *  filter, the integers of AffineKernel.interpolate. Writes `count`
 *  samples (not yet faded or combined). `avx2` non-zero: eight columns and
 *  eight pixels at a time (ask vector_kernels_have_avx2() first). */
void magnified_row(const uint32_t *top, const uint32_t *bottom, int wt, int wb, int32_t width, int32_t first,
                   int32_t columns, uint16_t *blends, const int32_t *offsets, const int32_t *weights,
                   uint32_t *samples, size_t count, int avx2);

/** AffineKernel's and ProjectiveKernel's inner pixels with AVX2, eight at a
 *  time: pixman's bilinear filter (7-bit weights, vertical then horizontal
 *  pmaddwd, >> 14) of premultiplied a8r8g8b8 `pixels` (rows `stride` bytes
 *  apart) at the 16.16 reference points of `count` destination pixels,
 *  times the coverage — `mask` bytes, one per pixel, or else `factor`
 *  (0…255) — combined with `destination` by `op`, a SPAN_* code: OVER, ADD,
 *  or SOURCE (written as it is, what OVER and ADD give onto transparency;
 *  the destination is not read), with pixman's rounding: the bytes of
 *  `AffineKernel`'s scalar functions.
 *  Point i is (x0 + i·dx, y0 + i·dy), or (xs[i], ys[i]) when `xs` is not
 *  NULL; every point must have all four neighbours inside the source, and
 *  (rows − 1)·stride must fit 31 bits. The source lines below the points
 *  one step (row_dx, row_dy) on are prefetched as it goes (the source has
 *  `rows` rows): with x0, y0, the step to the next output row; with given
 *  points, a guess. Returns the pixels done (a
 *  multiple of eight; the caller finishes the rest). */
size_t bilinear_span_avx2(const uint8_t *pixels, size_t stride, int32_t x0, int32_t y0, int32_t dx, int32_t dy,
                          const int32_t *xs, const int32_t *ys, uint32_t *destination, const uint8_t *mask,
                          uint32_t factor, int op, size_t count, int32_t row_dx, int32_t row_dy, int32_t rows);

/** ProjectiveKernel's sample points for `count` pixels of one row: pixel i
 *  has its centre at (x0 + i + ½, cy) and the device → source matrix g
 *  (row vectors: g[0] = (m11, m12, m13), g[1] the second row, g[2] the
 *  third) maps it to u′, v′, w; its bilinear reference point is
 *  (u′/w − ½, v′/w − ½), stored in 16.16 in xs[i], ys[i]. kinds[i] is 0
 *  when the pixel shows nothing (w ≤ 0, not a number, or no neighbour
 *  inside the width × height source), 2 when all four neighbours are
 *  inside, 1 otherwise. Double precision, the same operations in the same
 *  order with or without AVX2, so the same bits. */
void projective_points(const double g[3][3], double cy, int32_t x0, size_t count, int32_t width, int32_t height,
                       int32_t *xs, int32_t *ys, uint8_t *kinds, int avx2);

/** The same for `count` source positions given (DistortionKernel): uv holds
 *  u then v for each, in coordinates whose source pixel (0, 0) spans
 *  (x, y)–(x + 1, y + 1); the reference point is (u − x − ½, v − y − ½). */
void sample_points(const double *uv, size_t count, double x, double y, int32_t width, int32_t height, int32_t *xs,
                   int32_t *ys, uint8_t *kinds, int avx2);

/** How many of the first `count` kinds (as projective_points and
 *  sample_points write them) equal kinds[0]: the length of the run that
 *  starts there, sixteen at a time (count > 0). */
size_t kinds_run(const uint8_t *kinds, size_t count);

/*
 * The rows of segue_surface_import and _export (ForeignPixels in
 * Sources/Host/SegueImageIO): `avx2` non-zero runs the same C compiled for
 * AVX2 (ask vector_kernels_have_avx2() first); both give the same bytes.
 */

/** Straight-alpha pixels (bytes R, G, B, A with `rgba`, else B, G, R, A, read
 *  as little-endian words) to premultiplied ARGB32, and back: the integers
 *  of Premultiplication.premultiplied and .unpremultiplied. */
void straight_to_premultiplied(const uint32_t *in, uint32_t *out, size_t count, int rgba, int avx2);
void premultiplied_to_straight(const uint32_t *in, uint32_t *out, size_t count, int rgba, int avx2);

/** Opaque 3-byte pixels (bytes R, G, B; with blue_first, B, G, R) as ARGB32
 *  words with alpha 255, and words back to those bytes (alpha dropped:
 *  premultiplied colour is the pixel over black). */
void packed_rgb_to_argb(const uint8_t *in, uint32_t *out, size_t count, int blue_first, int avx2);
void argb_to_packed_rgb(const uint32_t *in, uint8_t *out, size_t count, int blue_first, int avx2);

/** How span_combine_avx2 and bilinear_span_avx2 combine the source with the destination. */
enum { SPAN_SOURCE = 0, SPAN_OVER = 1, SPAN_ADD = 2 };

/** SpanKernels' rows of an image, eight pixels at a time: each output
 *  pixel s is sampled from the taps tl = top[i], tr = top[i + 1],
 *  bl = bottom[i], br = bottom[i + 1] with weights wl + wr and wt + wb each
 *  at most 128 — top[i] itself (wl 128, wr 0, wt 128, wb 0); one direction's
 *  two taps, (tl·wl + tr·wr) >> 7 (wt 128, wb 0) or (tl·wt + bl·wb) >> 7
 *  (wr 0); or all four, ((tl·wt + bl·wb)·wl + (tr·wt + br·wb)·wr) >> 14, per
 *  channel (top[i + 1] is read only when wr is not 0; `bottom` must be a
 *  readable row whenever the sample is not top[i] itself) — then faded by
 *  `mask` (s' = MUL_UN8 of every channel, 255 leaving it as it is) and
 *  stored as s' (SPAN_SOURCE), s' + d·(255 − s'ₐ) (SPAN_OVER) or s' + d
 *  (SPAN_ADD), with pixman's rounding and saturating sums. Returns the pixels done (a multiple of eight; the caller
 *  finishes the rest). Call only when vector_kernels_have_avx2() says so. */
size_t span_combine_avx2(uint32_t *destination, const uint32_t *top, const uint32_t *bottom, size_t count,
                         int left_weight, int right_weight, int top_weight, int bottom_weight, uint8_t mask, int op);

/** SpanKernels' tinted rows, eight pixels at a time: the tint `paint`
 *  (premultiplied ARGB32) painted with the alpha sampled as
 *  span_combine_avx2 samples (the four-tap sum, which gives the others' too;
 *  here the bottom taps are always read), each channel MUL_UN8(paint, α),
 *  then faded and combined as span_combine_avx2 does. Returns the pixels done. */
size_t tinted_span_avx2(uint32_t *destination, const uint32_t *top, const uint32_t *bottom, size_t count,
                        int left_weight, int right_weight, int top_weight, int bottom_weight, uint32_t paint,
                        uint8_t mask, int op);

/** SpanKernels' fused crossfade, eight pixels at a time: destination =
 *  MUL_UN8(first, first_mask) combined by `op` (SPAN_OVER or SPAN_ADD) with
 *  MUL_UN8(second, second_mask) on top — the bytes of drawing the first
 *  faded and then the second over or added, with the destination written
 *  once. Returns the pixels done (a multiple of eight; the caller finishes
 *  the rest). Call only when vector_kernels_have_avx2() says so. */
size_t crossfade_avx2(uint32_t *destination, const uint32_t *first, uint8_t first_mask, const uint32_t *second,
                      uint8_t second_mask, size_t count, int op);

#endif
