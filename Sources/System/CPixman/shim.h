/* pixman for Swift: the header, plus the macros Swift cannot see, as functions. */
#ifndef SEGUE_CPIXMAN_SHIM_H
#define SEGUE_CPIXMAN_SHIM_H

#include <pixman.h>

static inline pixman_fixed_t segue_pixman_double_to_fixed(double d) { return pixman_double_to_fixed(d); }
static inline double segue_pixman_fixed_to_double(pixman_fixed_t f) { return pixman_fixed_to_double(f); }
static inline pixman_fixed_t segue_pixman_int_to_fixed(int i) { return pixman_int_to_fixed(i); }
static inline pixman_fixed_t segue_pixman_fixed_1(void) { return pixman_fixed_1; }

#endif
