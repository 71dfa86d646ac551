/* Little CMS 2 for Swift: ICC profiles of photos converted to sRGB. */
#ifndef SEGUE_CLCMS_SHIM_H
#define SEGUE_CLCMS_SHIM_H

#include <lcms2.h>

/* The pixel formats Segue converts, which are macros lcms2.h builds
 * from bit fields and Swift cannot import. */
static inline cmsUInt32Number segue_lcms_bgra8(void) { return TYPE_BGRA_8; }

#endif
