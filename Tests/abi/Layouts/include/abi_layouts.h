/* Every public struct's size and field offsets as C compiles them: today's
 * headers (include/) and the frozen headers of each release (Tests/abi/<version>/).
 * The Swift tests hold them against SegueABI's Layouts, which reads sizes
 * through Swift's view of the headers; a stale Swift module, or a release
 * size Layouts forgot, then fails a test instead of misreading a struct. */
#ifndef SEGUE_ABI_LAYOUTS_H
#define SEGUE_ABI_LAYOUTS_H

#include <stddef.h>

typedef struct abi_layout {
    const char *type;   /* "segue_draw" */
    const char *field;  /* "channels", or NULL for the struct as a whole */
    size_t offset;      /* offsetof, or 0 for the whole struct */
    size_t size;        /* the field's sizeof, or the struct's */
} abi_layout;

/* Today's headers: every struct, then each of its fields. */
const abi_layout *abi_layouts_now(size_t *out_count);

/* The headers of release 0.1.0 (Tests/abi/0.1/include), the same way. */
const abi_layout *abi_layouts_release_0_1(size_t *out_count);

#endif
