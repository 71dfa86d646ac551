/* FreeType 2 and fontconfig for Swift: the headers, plus the function-like
 * macros Swift cannot see, as functions. */
#ifndef SEGUE_CFREETYPE_SHIM_H
#define SEGUE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include <fontconfig/fontconfig.h>

static inline FT_Int32 segue_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
static inline int segue_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) != 0; }
static inline int segue_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) != 0; }

#endif
