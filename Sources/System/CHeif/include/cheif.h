/* libheif for Swift: HEIC and AVIF photos, for the tools (never libsegue.so).
 *
 * Like FFmpeg's libraries (cav.h), libheif is not linked: it pulls in
 * x265, libaom, dav1d and libde265, which every command would load at
 * start-up. segue_heif_load() opens it the first time a HEIF photo is met;
 * each function below is defined in heif.c with the prototype of libheif's
 * own header (the compiler checks each one) and forwards to the library. */
#ifndef SEGUE_CHEIF_H
#define SEGUE_CHEIF_H

#include <stddef.h>
#include <libheif/heif.h>

/* Opens libheif.so.1 and finds every function Segue calls. Returns 0, or
 * -1 with the reason in `error` (`size` bytes). Calls after the first
 * return its result. [thread-safe] */
int segue_heif_load(char *error, size_t size);

#endif
