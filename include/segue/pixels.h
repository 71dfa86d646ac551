/*
 * segue/pixels.h — the pixel layouts video hosts hold, converted at the edge.
 *
 * Segue draws in premultiplied ARGB32 (segue/surface.h). Decoders and
 * encoders hold 4:2:0 Y'CbCr, toolkits straight-alpha RGBA or BGRA, and
 * numpy-based tools (moviepy, PIL's "RGB") opaque 3-byte RGB.
 * segue_surface_import() converts such a picture into a surface before a
 * render, segue_surface_export() converts a rendered surface back. Nothing
 * else in Segue sees these layouts.
 *
 * 4:2:0 conventions (those of FFmpeg's yuv420p and nv12, and of Segue's own
 * YUV4MPEG2 and video output):
 *  - chroma planes are (width + 1) / 2 by (height + 1) / 2 samples; a chroma
 *    sample covers the 2 x 2 pixels whose top-left is at twice its position;
 *  - import takes each pixel's chroma from its block's sample (no
 *    interpolation, as FFmpeg's unscaled converters do); export writes the
 *    average of the block's four pixels;
 *  - limited range: Y' 16...235, Cb and Cr 16...240; full range: 0...255;
 *  - a 4:2:0 picture has no alpha: import makes every pixel opaque, export
 *    drops alpha, so the colour written is the pixel composited over black
 *    (premultiplied colour already is).
 */
#ifndef SEGUE_PIXELS_H
#define SEGUE_PIXELS_H

#include "surface.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How a picture's bytes are laid out. */
typedef uint32_t segue_pixel_format;
enum {
    /** Three planes: Y' (width x height), then Cb, then Cr (each (width+1)/2 x (height+1)/2). */
    SEGUE_PIXEL_FORMAT_I420 = 1,
    /** Two planes: Y', then Cb and Cr interleaved (Cb first), (width+1)/2 pairs per row. */
    SEGUE_PIXEL_FORMAT_NV12 = 2,
    /** One plane of 4-byte pixels, bytes R, G, B, A in memory, straight (not premultiplied) alpha. */
    SEGUE_PIXEL_FORMAT_RGBA = 3,
    /** One plane of 4-byte pixels, bytes B, G, R, A in memory, straight alpha. */
    SEGUE_PIXEL_FORMAT_BGRA = 4,
    /** One plane of 3-byte pixels, bytes R, G, B in memory (FFmpeg's rgb24), opaque:
     *  import makes every pixel opaque; export drops alpha, so the colour written
     *  is the pixel composited over black, as for 4:2:0. (Added in 0.2.0.) */
    SEGUE_PIXEL_FORMAT_RGB24 = 5,
    /** As SEGUE_PIXEL_FORMAT_RGB24 with the bytes B, G, R (FFmpeg's bgr24). (Added in 0.2.0.) */
    SEGUE_PIXEL_FORMAT_BGR24 = 6
};

/** Which Y'CbCr weights a 4:2:0 picture uses. */
typedef uint32_t segue_color_matrix;
enum {
    SEGUE_COLOR_MATRIX_BT709 = 0, /**< ITU-R BT.709 (HD video); the default */
    SEGUE_COLOR_MATRIX_BT601 = 1  /**< ITU-R BT.601 (SD video, JPEG) */
};

/** Which codes a 4:2:0 picture uses. */
typedef uint32_t segue_color_range;
enum {
    SEGUE_COLOR_RANGE_LIMITED = 0, /**< Y' 16...235, Cb and Cr 16...240 (video's usual); the default */
    SEGUE_COLOR_RANGE_FULL = 1     /**< 0...255 (JPEG's) */
};

/**
 * A picture in memory the caller owns, described for import or export.
 * Fields may be added at the end: struct_size must be at least
 * sizeof(segue_pixels) of these headers (it has no earlier version) and at
 * most SEGUE_STRUCT_SIZE_MAX. A zero-initialised struct with struct_size
 * set means BT.709, limited range.
 *
 *     segue_pixels frame = { .struct_size = sizeof frame, .format = SEGUE_PIXEL_FORMAT_I420,
 *                            .width = 1920, .height = 1080,
 *                            .planes = { y, u, v }, .strides = { 1920, 960, 960 } };
 */
typedef struct segue_pixels {
    uint32_t struct_size;
    segue_pixel_format format;
    /** 4:2:0 formats only; ignored for the others. */
    segue_color_matrix matrix;
    segue_color_range range;
    /** In pixels, each in 1...SEGUE_SURFACE_MAX_SIDE; they must equal the surface's. */
    int32_t width, height;
    /** I420: Y', Cb, Cr. NV12: Y', CbCr, unused. The one-plane formats: the pixels, unused, unused. */
    void *planes[3];
    /** Bytes from one row of each plane to the next; at least the row's
     *  bytes (width for Y', (width+1)/2 for I420 chroma, 2 * ((width+1)/2)
     *  for NV12 chroma, 4 * width for RGBA/BGRA, 3 * width for RGB24/BGR24),
     *  and below 2^31. */
    int32_t strides[3];
} segue_pixels;

/**
 * Converts the caller's picture into `target` (premultiplying straight
 * alpha, making RGB24/BGR24 opaque, or converting Y'CbCr to opaque RGB),
 * every pixel of it. `target`
 * must have the picture's size; reusing one surface for every frame keeps
 * a video loop free of allocations.
 *
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments, a
 *         struct_size no release had, a format, matrix or range these
 *         headers do not define, a size that is not the target's, a NULL
 *         plane the format uses, or a stride too small or negative. All
 *         are checked before any pixel is read or written.
 * [one thread per object]: do not draw into `target` meanwhile.
 */
segue_status segue_surface_import(const segue_pixels *pixels, segue_surface *target);

/**
 * Converts `surface` into the caller's picture (unpremultiplying for RGBA
 * and BGRA, dropping alpha for RGB24 and BGR24, to Y'CbCr for I420 and
 * NV12), every pixel of it.
 *
 * @return as segue_surface_import(), with `surface` in place of `target`.
 * [one thread per object]: do not draw into `surface` meanwhile.
 */
segue_status segue_surface_export(segue_surface *surface, const segue_pixels *pixels);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_PIXELS_H */
