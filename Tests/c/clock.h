/*
 * clock.h — the monotonic clock, processor time and sleep of the test programs and the
 * misbehaving test plugin. Define _POSIX_C_SOURCE 200809L before including.
 */
#ifndef SEGUE_TESTS_CLOCK_H
#define SEGUE_TESTS_CLOCK_H

#include <math.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Seconds of processor time the process has used, on all its threads: what
 * a render costs, whatever else the machine is busy with. */
static inline double processor_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static inline void sleep_seconds(double seconds)
{
    struct timespec t = { (time_t)seconds, (long)((seconds - floor(seconds)) * 1e9) };
    nanosleep(&t, NULL);
}

#endif
