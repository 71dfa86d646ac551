/*
 * segue/surface.h — images in memory.
 *
 * A surface is premultiplied ARGB32: each pixel one native-endian uint32_t,
 * alpha in the top byte, and each colour component already multiplied by
 * alpha (pixman's a8r8g8b8). Rows are `stride` bytes apart. PNG files hold
 * straight alpha; load and save convert at that edge and nowhere else.
 */
#ifndef SEGUE_SURFACE_H
#define SEGUE_SURFACE_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct segue_surface segue_surface;

/** The largest width or height a surface may have. */
#define SEGUE_SURFACE_MAX_SIDE 32768

/**
 * Creates a surface of width x height pixels, all transparent (zero), with
 * stride width * 4.
 *
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT when out_surface is NULL or
 *         a side is not in 1...SEGUE_SURFACE_MAX_SIDE;
 *         SEGUE_ERROR_OUT_OF_MEMORY.
 * [thread-safe]
 */
segue_status segue_surface_create(int32_t width, int32_t height, segue_surface **out_surface);

/**
 * Wraps pixels the caller owns; nothing is copied. The memory must hold
 * `height` rows of `stride` bytes, stay valid and not move until the
 * surface's last reference is dropped, and start on a 4-byte boundary.
 *
 * @param stride bytes from one row to the next: at least width * 4 and a
 *               multiple of 4; stride * height must be below 2^33 bytes
 *               (8 GiB), as pixman indexes pixels with 32-bit integers.
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for NULL pixels or
 *         out_surface, a side outside 1...SEGUE_SURFACE_MAX_SIDE, a stride
 *         too small, negative or not a multiple of 4, stride * height of
 *         2^33 bytes or more, or pixels not on a 4-byte boundary. All are
 *         checked before the memory is touched or a size is multiplied.
 * [thread-safe]
 */
segue_status segue_surface_wrap(void *pixels, int32_t width, int32_t height, int32_t stride,
                                segue_surface **out_surface);

/**
 * Reads a PNG file (any PNG colour type and bit depth) into a new surface,
 * converting to premultiplied 8-bit sRGB.
 *
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments or an
 *         empty path; SEGUE_ERROR_IO when the file cannot be read (a folder,
 *         say); SEGUE_ERROR_FORMAT when it is not a valid PNG (an empty or
 *         truncated file, say) or is larger than SEGUE_SURFACE_MAX_SIDE.
 *         The message names the file.
 * [thread-safe]
 */
segue_status segue_surface_load_png(const char *path, segue_surface **out_surface);

/**
 * Decodes PNG bytes held in memory, as segue_surface_load_png() does;
 * nothing outside bytes[0 .. length) is read.
 * @return as segue_surface_load_png(); SEGUE_ERROR_INVALID_ARGUMENT for NULL
 *         bytes (even with length 0) or a length beyond PTRDIFF_MAX;
 *         SEGUE_ERROR_FORMAT for length 0.
 * [thread-safe]
 */
segue_status segue_surface_load_png_memory(const void *bytes, size_t length, segue_surface **out_surface);

/**
 * Writes the surface as an 8-bit RGBA PNG with straight alpha. The file is
 * written under a temporary name in the same folder and renamed when
 * complete, so `path` is either left as it was or replaced whole.
 *
 * @return SEGUE_OK; SEGUE_ERROR_INVALID_ARGUMENT for NULL arguments or an
 *         empty path; SEGUE_ERROR_IO when the file cannot be written (the
 *         message names it); no temporary file is left behind then.
 * [one thread per object]: do not draw into the surface meanwhile.
 */
segue_status segue_surface_save_png(segue_surface *surface, const char *path);

/** Adds a reference and returns `surface`. NULL gives NULL. [thread-safe] */
segue_surface *segue_surface_ref(segue_surface *surface);

/**
 * Drops a reference; freed with the last one (a wrapped surface's pixels
 * stay the caller's). NULL is ignored. Dropping a reference twice is a
 * programmer error; debug builds detect it and abort with a message.
 * [thread-safe]
 */
void segue_surface_unref(segue_surface *surface);

/* The four getters below give 0 (or NULL) for NULL and for a handle that is
 * not a segue_surface. */

/** Width in pixels; 0 for NULL. [thread-safe] */
int32_t segue_surface_width(const segue_surface *surface);

/** Height in pixels; 0 for NULL. [thread-safe] */
int32_t segue_surface_height(const segue_surface *surface);

/** Bytes from one row to the next; 0 for NULL. [thread-safe] */
int32_t segue_surface_stride(const segue_surface *surface);

/**
 * The first byte of the first row; NULL for NULL. The memory belongs to the
 * surface (or, for a wrapped surface, to the caller) and stays valid while
 * the surface lives. [thread-safe]
 */
void *segue_surface_data(segue_surface *surface);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_SURFACE_H */
