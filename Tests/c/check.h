/*
 * check.h — what the C test programs share: CHECK and CHECK_STATUS, which
 * print one line per failed check (with segue_last_error()), and
 * check_summary(), which prints the line the system tests look for and
 * gives the exit status. Include it from the program's one source file.
 */
#ifndef SEGUE_TESTS_CHECK_H
#define SEGUE_TESTS_CHECK_H

#include <segue.h>

#include <stdio.h>

static int failures = 0;

#define CHECK(condition, ...)                                   \
    do {                                                        \
        if (!(condition)) {                                     \
            failures++;                                         \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);         \
            printf(__VA_ARGS__);                                \
            printf("  [last error: %s]\n", segue_last_error()); \
        }                                                       \
    } while (0)

#define CHECK_STATUS(call, expected)                                                             \
    do {                                                                                         \
        segue_status got_ = (call);                                                              \
        CHECK(got_ == (expected), "%s returned %d (%s), expected %d", #call, got_,               \
              segue_status_to_string(got_), (expected));                                         \
    } while (0)

/* "all checks passed" and 0, or the number of failures and 1. */
static inline int check_summary(void)
{
    if (failures)
        printf("%d check(s) failed\n", failures);
    else
        printf("all checks passed\n");
    return failures ? 1 : 0;
}

#endif
