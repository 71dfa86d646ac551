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
 */
#ifndef SEGUE_H
#define SEGUE_H

#include "segue/version.h"
#include "segue/types.h"
#include "segue/error.h"
#include "segue/engine.h"
#include "segue/surface.h"
#include "segue/transition.h"
#include "segue/animation.h"
#include "segue/render.h"

#endif /* SEGUE_H */
