/* segue/version.h — compile-time and run-time versions. */
#ifndef SEGUE_VERSION_H
#define SEGUE_VERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SEGUE_VERSION_MAJOR 0
#define SEGUE_VERSION_MINOR 3
#define SEGUE_VERSION_PATCH 0
/** The version these headers describe, as one comparable number: 0.3.0 is 300. */
#define SEGUE_VERSION_NUMBER (SEGUE_VERSION_MAJOR * 10000 + SEGUE_VERSION_MINOR * 100 + SEGUE_VERSION_PATCH)
#define SEGUE_VERSION_STRING "0.3.0"

/**
 * The version of the library actually loaded, as SEGUE_VERSION_NUMBER
 * computes it. A program built against newer headers than the library it
 * runs with can compare the two and refuse politely.
 * [thread-safe]
 */
uint32_t segue_version(void);

/**
 * The loaded library's version as text, e.g. "0.1.0". The string is static.
 * [thread-safe]
 */
const char *segue_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_VERSION_H */
