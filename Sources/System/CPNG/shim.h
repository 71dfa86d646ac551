/* libpng for Swift (the simplified png_image API is all Segue uses). */
#ifndef SEGUE_CPNG_SHIM_H
#define SEGUE_CPNG_SHIM_H

#include <png.h>

#endif
