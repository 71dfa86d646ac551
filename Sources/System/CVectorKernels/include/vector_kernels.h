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

#endif
