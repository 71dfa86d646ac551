/*
 * segue.h — the Segue host API, the one header a C program includes.
 *
 * Segue renders SwiftUI-style transitions: a view being removed and a view
 * being inserted, each drawn through effects whose parameters move between an
 * *active* and an *identity* state. Images are premultiplied ARGB32
 * (pixman's a8r8g8b8: one native-endian uint32_t per pixel, 0xAARRGGBB).
 *
 * Conventions, true of every function unless its comment says otherwise:
 *  - Names are segue_<object>_<verb>. Objects are opaque and reference
 *    counted: *_ref returns its argument with one more reference, *_unref
 *    drops one. Every object a function hands back through an `out`
 *    parameter carries one reference that the caller owns.
 *  - Functions that can fail return a segue_status. On failure nothing is
 *    written through `out` parameters, and segue_last_error() on the same
 *    thread says what was wrong (see segue/error.h).
 *  - Thread rules are written on each function: [thread-safe] may be called
 *    from any thread at any time; [one thread per object] means calls on the
 *    same object must not overlap.
 *  - Bad arguments are answered with a status and a message, never a crash:
 *    NULL handles and pointers, sizes and counts out of range, NaN and
 *    infinities, values outside a parameter's declared range (refused, never
 *    clamped), enum values the headers do not define. A handle of the wrong
 *    type (a segue_surface * cast to segue_transition *) is refused with
 *    SEGUE_ERROR_INVALID_ARGUMENT naming both types, as is a pointer to
 *    readable memory that holds no Segue object; functions without a status
 *    (getters, *_ref, *_unref) treat such a handle as NULL.
 *  - size_t arguments are taken as unsigned: a count or length beyond
 *    PTRDIFF_MAX is refused, a buffer capacity of SIZE_MAX means "large
 *    enough".
 *  - Structs with a struct_size field may grow: set it to sizeof the struct
 *    in the headers you compiled against. A struct_size larger than the
 *    library's own (up to SEGUE_STRUCT_SIZE_MAX) is accepted and the fields
 *    beyond its own are ignored; a smaller one must be the size of an
 *    earlier version (each function says which); others are refused.
 *  - Dropping a reference twice, or using an object after its last
 *    reference is dropped, is a programmer error. Debug builds of the
 *    library (and any build run with the environment variable
 *    SEGUE_DEBUG_HANDLES=1) detect it, print what happened to stderr and
 *    abort; release builds do not check.
 *  - SECURITY.md lists what the API guarantees and what stays the caller's
 *    responsibility.
 */
#ifndef SEGUE_H
#define SEGUE_H

#include "segue/version.h"
#include "segue/types.h"
#include "segue/error.h"
#include "segue/engine.h"
#include "segue/surface.h"
#include "segue/pixels.h"
#include "segue/transition.h"
#include "segue/animation.h"
#include "segue/render.h"

#endif /* SEGUE_H */
