/*
 * interrupt_cleanup.h — what to remove when the process is interrupted,
 * kept where a signal handler can reach it without locks or allocation.
 *
 * Files being written (temporary names, staged folders, numbered frames)
 * are registered here while they are incomplete. The handler installed by
 * interrupt_cleanup_install() removes every one of them on SIGINT, SIGTERM,
 * SIGHUP or SIGPIPE and then _exits with 128 + the signal. It only calls
 * async-signal-safe functions (open, getdents64, unlinkat,
 * unlink, rmdir, close, _exit) and reads the table with atomic loads: no lock, no malloc,
 * no stdio, so it cannot deadlock or corrupt a heap another thread was
 * using when the signal came.
 *
 * Registration itself is normal code: [thread-safe], lock-free, no
 * allocation. The table has INTERRUPT_CLEANUP_SLOTS entries.
 */
#ifndef INTERRUPT_CLEANUP_H
#define INTERRUPT_CLEANUP_H

#ifdef __cplusplus
extern "C" {
#endif

/** How many things can be registered at once. */
#define INTERRUPT_CLEANUP_SLOTS 128

/** The longest path accepted, in bytes, with its terminating NUL. */
#define INTERRUPT_CLEANUP_PATH_MAX 4096

/** Registers a file to unlink. Returns a ticket (≥ 0), or -1 when the table
 *  is full or the path too long. */
int interrupt_cleanup_add_file(const char *path);

/** Registers a folder to remove with the files directly in it. Returns a
 *  ticket, or -1 as above. */
int interrupt_cleanup_add_folder(const char *path);

/** Registers numbered files: prefix, the number n in decimal padded to
 *  `width` digits (with zeros when `zero_padded`, else spaces), then suffix,
 *  for every n from `first` on, below first + the count set with
 *  interrupt_cleanup_set_count() (0 at first). Returns a ticket, or -1 as
 *  above (prefix and suffix count towards the path limit). */
int interrupt_cleanup_add_sequence(const char *prefix, int width, int zero_padded, const char *suffix, long first);

/** Sets how many files of a sequence exist (first ≤ n < first + count). */
void interrupt_cleanup_set_count(int ticket, long count);

/** Forgets a registration (what it names is then the caller's again).
 *  -1 and tickets already forgotten are ignored. */
void interrupt_cleanup_remove(int ticket);

/** Removes everything registered, as the handler does before it exits.
 *  Registrations stay (tests call it). */
void interrupt_cleanup_remove_all(void);

/** Installs the handler for SIGINT, SIGTERM, SIGHUP and SIGPIPE. */
void interrupt_cleanup_install(void);

#ifdef __cplusplus
}
#endif

#endif /* INTERRUPT_CLEANUP_H */
