"""ICC profiles for the colour tests, made and applied by Little CMS itself
(liblcms2, through ctypes): the profile a phone embeds in its photos, and
the sRGB value Little CMS computes for a colour, the independent expectation."""
import ctypes
import ctypes.util
import struct
import zlib

LCMS = ctypes.CDLL(ctypes.util.find_library("lcms2") or "liblcms2.so.2")
TYPE_RGB_8 = 4 << 16 | 3 << 3 | 1
INTENT_RELATIVE_COLORIMETRIC = 1


class CIExyY(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("Y", ctypes.c_double)]


class CIExyYTRIPLE(ctypes.Structure):
    _fields_ = [("red", CIExyY), ("green", CIExyY), ("blue", CIExyY)]


for name, result, arguments in [
        ("cmsBuildParametricToneCurve", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_double)]),
        ("cmsCreateRGBProfile", ctypes.c_void_p, [ctypes.POINTER(CIExyY), ctypes.POINTER(CIExyYTRIPLE),
                                                   ctypes.POINTER(ctypes.c_void_p)]),
        ("cmsSaveProfileToMem", ctypes.c_int, [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]),
        ("cmsOpenProfileFromMem", ctypes.c_void_p, [ctypes.c_char_p, ctypes.c_uint32]),
        ("cmsCreate_sRGBProfile", ctypes.c_void_p, []),
        ("cmsCreateTransform", ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p, ctypes.c_uint32,
                                                  ctypes.c_uint32, ctypes.c_uint32]),
        ("cmsDoTransform", None, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint32]),
        ("cmsCloseProfile", ctypes.c_int, [ctypes.c_void_p]),
        ("cmsDeleteTransform", None, [ctypes.c_void_p]),
        ("cmsFreeToneCurve", None, [ctypes.c_void_p])]:
    function = getattr(LCMS, name)
    function.restype, function.argtypes = result, arguments


def display_p3():
    """Display P3 as Apple's phones embed it: DCI-P3 primaries, D65 white, sRGB's curve."""
    srgb_curve = (ctypes.c_double * 5)(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
    curve = LCMS.cmsBuildParametricToneCurve(None, 4, srgb_curve)
    white = CIExyY(0.3127, 0.3290, 1.0)
    primaries = CIExyYTRIPLE(CIExyY(0.680, 0.320, 1.0), CIExyY(0.265, 0.690, 1.0), CIExyY(0.150, 0.060, 1.0))
    profile = LCMS.cmsCreateRGBProfile(ctypes.byref(white), ctypes.byref(primaries), (ctypes.c_void_p * 3)(curve, curve, curve))
    size = ctypes.c_uint32(0)
    LCMS.cmsSaveProfileToMem(profile, None, ctypes.byref(size))
    data = ctypes.create_string_buffer(size.value)
    LCMS.cmsSaveProfileToMem(profile, data, ctypes.byref(size))
    LCMS.cmsCloseProfile(profile)
    LCMS.cmsFreeToneCurve(curve)
    return data.raw[:size.value]


def to_srgb(profile, rgb):
    """The sRGB colour Little CMS computes for 8-bit `rgb` in `profile` (relative colorimetric)."""
    source = LCMS.cmsOpenProfileFromMem(profile, len(profile))
    srgb = LCMS.cmsCreate_sRGBProfile()
    transform = LCMS.cmsCreateTransform(source, TYPE_RGB_8, srgb, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0)
    out = ctypes.create_string_buffer(3)
    LCMS.cmsDoTransform(transform, bytes(rgb), out, 1)
    LCMS.cmsDeleteTransform(transform)
    LCMS.cmsCloseProfile(source)
    LCMS.cmsCloseProfile(srgb)
    return tuple(out.raw)


def png_with_profile(source, target, profile, compress=zlib.compress):
    """Copies the PNG `source` to `target` with an iCCP chunk holding `profile`
    (compressed by `compress`: a test may pass something that is not zlib)."""
    with open(source, "rb") as f:
        data = f.read()
    body = b"iCCP" + b"Display P3\0\0" + compress(profile)
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end_of_header = 8 + 8 + 13 + 4
    with open(target, "wb") as f:
        f.write(data[:end_of_header] + chunk + data[end_of_header:])


def jpeg_with_profile(source, target, profile):
    """Copies the JPEG `source` to `target` with `profile` in an APP2 ICC_PROFILE segment after SOI."""
    with open(source, "rb") as f:
        data = f.read()
    payload = b"ICC_PROFILE\0" + bytes((1, 1)) + profile
    with open(target, "wb") as f:
        f.write(data[:2] + b"\xff\xe2" + struct.pack(">H", len(payload) + 2) + payload + data[2:])
