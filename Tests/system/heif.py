"""HEIC and AVIF photos for the tests, written by libheif itself (through
ctypes): heif-enc cannot set a rotation or mirroring, and phones always do.
`orientation` is EXIF's numbering (6: turned 90° clockwise to stand upright),
which libheif writes as the file's irot and imir properties."""
import ctypes
import ctypes.util

HEIF = ctypes.CDLL(ctypes.util.find_library("heif") or "libheif.so.1")
COLORSPACE_RGB, CHROMA_INTERLEAVED_RGB, CHANNEL_INTERLEAVED = 1, 10, 10
COMPRESSION = {"heic": 1, "avif": 4}


class Error(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]


class EncodingOptions(ctypes.Structure):
    """libheif 1.15's struct heif_encoding_options (version 5)."""
    _fields_ = [("version", ctypes.c_uint8), ("save_alpha_channel", ctypes.c_uint8),
                ("macOS_compatibility_workaround", ctypes.c_uint8),
                ("save_two_colr_boxes_when_ICC_and_nclx_available", ctypes.c_uint8),
                ("output_nclx_profile", ctypes.c_void_p), ("macOS_compatibility_workaround_no_nclx_profile", ctypes.c_uint8),
                ("image_orientation", ctypes.c_int)]


P = ctypes.c_void_p
for name, result, arguments in [
        ("heif_context_alloc", P, []), ("heif_context_free", None, [P]),
        ("heif_image_create", Error, [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(P)]),
        ("heif_image_add_plane", Error, [P, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]),
        ("heif_image_get_plane", ctypes.POINTER(ctypes.c_uint8), [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]),
        ("heif_image_set_raw_color_profile", Error, [P, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
        ("heif_context_get_encoder_for_format", Error, [P, ctypes.c_int, ctypes.POINTER(P)]),
        ("heif_encoder_set_lossy_quality", Error, [P, ctypes.c_int]),
        ("heif_encoding_options_alloc", ctypes.POINTER(EncodingOptions), []),
        ("heif_encoding_options_free", None, [ctypes.POINTER(EncodingOptions)]),
        ("heif_context_encode_image", Error, [P, P, P, ctypes.POINTER(EncodingOptions), P]),
        ("heif_context_write_to_file", Error, [P, ctypes.c_char_p]),
        ("heif_encoder_release", None, [P]), ("heif_image_release", None, [P])]:
    function = getattr(HEIF, name)
    function.restype, function.argtypes = result, arguments


def check(error):
    if error.code != 0:
        raise RuntimeError(f"libheif: {error.message.decode()}")


def write(path, width, height, pixels, orientation=1, profile=None, kind="heic"):
    """Writes RGB `pixels` (a list of (r, g, b), row by row) as a HEIC or AVIF photo."""
    context, image, encoder = HEIF.heif_context_alloc(), P(), P()
    check(HEIF.heif_image_create(width, height, COLORSPACE_RGB, CHROMA_INTERLEAVED_RGB, ctypes.byref(image)))
    check(HEIF.heif_image_add_plane(image, CHANNEL_INTERLEAVED, width, height, 8))
    stride = ctypes.c_int()
    plane = HEIF.heif_image_get_plane(image, CHANNEL_INTERLEAVED, ctypes.byref(stride))
    for y in range(height):
        for x in range(width):
            for c in range(3):
                plane[y * stride.value + 3 * x + c] = pixels[y * width + x][c]
    if profile:
        check(HEIF.heif_image_set_raw_color_profile(image, b"prof", profile, len(profile)))
    check(HEIF.heif_context_get_encoder_for_format(context, COMPRESSION[kind], ctypes.byref(encoder)))
    check(HEIF.heif_encoder_set_lossy_quality(encoder, 95))
    options = HEIF.heif_encoding_options_alloc()
    options.contents.image_orientation = orientation
    check(HEIF.heif_context_encode_image(context, image, encoder, options, None))
    check(HEIF.heif_context_write_to_file(context, path.encode()))
    HEIF.heif_encoding_options_free(options)
    HEIF.heif_encoder_release(encoder)
    HEIF.heif_image_release(image)
    HEIF.heif_context_free(context)
