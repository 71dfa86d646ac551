/* segue/error.h — what went wrong, as text. */
#ifndef SEGUE_ERROR_H
#define SEGUE_ERROR_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A short fixed description of a status code, e.g. "parse error". Unknown
 * codes give "unknown status". The string is static.
 * [thread-safe]
 */
const char *segue_status_to_string(segue_status status);

/**
 * Why the last call on *this thread* that returned a segue_status failed,
 * e.g. "spec column 12: expected ')' after the arguments of 'move'".
 * Every function returning a segue_status replaces this thread's message:
 * with the reason when it fails, with "" when it succeeds. Other threads
 * never see or overwrite it.
 *
 * Returns a NUL-terminated UTF-8 string owned by the library, valid until
 * the next segue call on this thread that returns a segue_status. Never NULL.
 * [thread-safe]
 */
const char *segue_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_ERROR_H */
