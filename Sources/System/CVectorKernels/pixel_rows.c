/* The rows of segue_surface_import and _export for the one-plane formats:
 * straight-alpha RGBA or BGRA, and opaque 3-byte RGB or BGR, to and from
 * premultiplied ARGB32 words. Plain C compiled twice, for the x86-64
 * baseline and for AVX2, where the compiler vectorises the loops (the
 * stride-3 accesses become shuffles); integers only, so both give the same
 * bytes, those of Sources/Host/SegueImageIO/Premultiplication.swift. */
#include "vector_kernels.h"

#include <string.h>

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* Bytes R, G, B, A read little-endian, turned into 0xAARRGGBB, and back. */
ALWAYS_INLINE uint32_t swap_red_blue(uint32_t p)
{
    return (p & 0xFF00FF00u) | (p & 0xFFu) << 16 | ((p >> 16) & 0xFFu);
}

/* round(c·a/255), exactly. */
ALWAYS_INLINE uint32_t premultiply(uint32_t c, uint32_t a)
{
    uint32_t t = c * a + 128;
    return (t + (t >> 8)) >> 8;
}

/* min(255, round(c·255/a)), halves up; a is 1…254 here. */
ALWAYS_INLINE uint32_t unpremultiply(uint32_t c, uint32_t a)
{
    uint32_t q = (c * 255 + a / 2) / a;
    return q < 255 ? q : 255;
}

/* Eight pixels at once, in a vector the compiler maps onto the target's
 * registers (two SSE2 ones, or one AVX2 one). */
typedef uint32_t words8 __attribute__((vector_size(32)));

/* Copies the eight pixels at `in` to `out` (swapping red and blue when
 * `rgba`) and returns 1 when all eight are opaque, for which straight and
 * premultiplied are the same words; returns 0, writing nothing, otherwise. */
ALWAYS_INLINE int copy_opaque_eight(const uint32_t *in, uint32_t *out, int rgba)
{
    words8 p;
    memcpy(&p, in, sizeof p);
    words8 a = p >> 24;
    if ((a[0] & a[1] & a[2] & a[3] & a[4] & a[5] & a[6] & a[7]) != 0xFF) return 0;
    if (rgba) p = (p & 0xFF00FF00u) | (p & 0xFFu) << 16 | ((p >> 16) & 0xFFu);
    memcpy(out, &p, sizeof p);
    return 1;
}

/* One straight pixel (bytes R, G, B, A when `rgba`, else B, G, R, A)
 * premultiplied into an ARGB32 word. */
ALWAYS_INLINE uint32_t premultiply_pixel(uint32_t straight, int rgba)
{
    uint32_t p = rgba ? swap_red_blue(straight) : straight, a = p >> 24;
    return a << 24 | premultiply((p >> 16) & 0xFF, a) << 16 | premultiply((p >> 8) & 0xFF, a) << 8
        | premultiply(p & 0xFF, a);
}

/* One ARGB32 word unpremultiplied into a straight pixel. */
ALWAYS_INLINE uint32_t unpremultiply_pixel(uint32_t p, int rgba)
{
    uint32_t a = p >> 24, o = p;
    if (a == 0)
        o = 0;
    else if (a != 255)
        o = a << 24 | unpremultiply((p >> 16) & 0xFF, a) << 16 | unpremultiply((p >> 8) & 0xFF, a) << 8
            | unpremultiply(p & 0xFF, a);
    return rgba ? swap_red_blue(o) : o;
}

/* A row through `convert`, pixel by pixel, except runs of eight opaque
 * pixels, which are copied (for them premultiplied and straight are the
 * same words). Inlined with a constant `convert`, so no call is left. */
ALWAYS_INLINE void convert_row(const uint32_t *in, uint32_t *out, size_t count, int rgba,
                               uint32_t (*convert)(uint32_t, int))
{
    size_t i = 0;
    while (i < count) {
        if (i + 8 <= count && copy_opaque_eight(in + i, out + i, rgba)) {
            i += 8;
            continue;
        }
        for (size_t end = i + 8 <= count ? i + 8 : count; i < end; i++) out[i] = convert(in[i], rgba);
    }
}

ALWAYS_INLINE void premultiply_row(const uint32_t *in, uint32_t *out, size_t count, int rgba)
{
    convert_row(in, out, count, rgba, premultiply_pixel);
}

ALWAYS_INLINE void unpremultiply_row(const uint32_t *in, uint32_t *out, size_t count, int rgba)
{
    convert_row(in, out, count, rgba, unpremultiply_pixel);
}

ALWAYS_INLINE void packed_to_words(const uint8_t *in, uint32_t *out, size_t count, int blue_first)
{
    if (blue_first) {
        for (size_t i = 0; i < count; i++)
            out[i] = 0xFF000000u | (uint32_t)in[3 * i + 2] << 16 | (uint32_t)in[3 * i + 1] << 8 | in[3 * i];
    } else {
        for (size_t i = 0; i < count; i++)
            out[i] = 0xFF000000u | (uint32_t)in[3 * i] << 16 | (uint32_t)in[3 * i + 1] << 8 | in[3 * i + 2];
    }
}

ALWAYS_INLINE void words_to_packed(const uint32_t *in, uint8_t *out, size_t count, int blue_first)
{
    const int red = blue_first ? 2 : 0, blue = 2 - red;
    for (size_t i = 0; i < count; i++) {
        uint32_t p = in[i];
        out[3 * i + red] = (uint8_t)(p >> 16);
        out[3 * i + 1] = (uint8_t)(p >> 8);
        out[3 * i + blue] = (uint8_t)p;
    }
}

/* Each kernel twice: `name` for the baseline, and dispatching to its AVX2 build. */
#if defined(__x86_64__)
#define KERNEL(name, body, In, Out)                                                                     \
    __attribute__((target("avx2"))) static void name##_avx2(const In *in, Out *out, size_t count, int flag) \
    {                                                                                                 \
        body(in, out, count, flag);                                                                   \
    }                                                                                                 \
    void name(const In *in, Out *out, size_t count, int flag, int avx2)                               \
    {                                                                                                 \
        if (avx2)                                                                                     \
            name##_avx2(in, out, count, flag);                                                        \
        else                                                                                          \
            body(in, out, count, flag);                                                               \
    }
#else
#define KERNEL(name, body, In, Out)                                                                     \
    void name(const In *in, Out *out, size_t count, int flag, int avx2)                               \
    {                                                                                                 \
        (void)avx2;                                                                                   \
        body(in, out, count, flag);                                                                   \
    }
#endif

KERNEL(straight_to_premultiplied, premultiply_row, uint32_t, uint32_t)
KERNEL(premultiplied_to_straight, unpremultiply_row, uint32_t, uint32_t)
KERNEL(packed_rgb_to_argb, packed_to_words, uint8_t, uint32_t)
KERNEL(argb_to_packed_rgb, words_to_packed, uint32_t, uint8_t)
