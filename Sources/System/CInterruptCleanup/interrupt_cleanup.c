/*
 * interrupt_cleanup.c — see include/interrupt_cleanup.h.
 *
 * Each slot is claimed with a compare-and-swap (FREE → WRITING), filled,
 * then published (READY) with a release store; the handler acquires the
 * state before reading the rest. Forgetting stores FREE. Nothing is ever
 * freed, so the handler never reads released memory.
 */
#define _GNU_SOURCE
#include "interrupt_cleanup.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { FREE = 0, WRITING = 1, READY = 2 };
enum { KIND_FILE, KIND_FOLDER, KIND_SEQUENCE };

struct slot {
    atomic_int state;
    int kind;
    atomic_long count;
    int width;
    int zero_padded;
    int prefix_length;
    /* A sequence's first number. */
    long first;
    /* A file's or folder's path; a sequence's prefix, a NUL, then its suffix. */
    char text[INTERRUPT_CLEANUP_PATH_MAX];
};

static struct slot slots[INTERRUPT_CLEANUP_SLOTS];

static int claim(int kind, const char *first, const char *second, int width, int zero_padded, long count)
{
    size_t a = strlen(first), b = second ? strlen(second) : 0;
    if (a + b + 2 > INTERRUPT_CLEANUP_PATH_MAX)
        return -1;
    for (int i = 0; i < INTERRUPT_CLEANUP_SLOTS; i++) {
        int expected = FREE;
        if (!atomic_compare_exchange_strong(&slots[i].state, &expected, WRITING))
            continue;
        struct slot *s = &slots[i];
        s->kind = kind;
        s->width = width;
        s->zero_padded = zero_padded;
        atomic_store_explicit(&s->count, count, memory_order_relaxed);
        memcpy(s->text, first, a + 1);
        s->prefix_length = (int)a;
        if (second)
            memcpy(s->text + a + 1, second, b + 1);
        atomic_store_explicit(&s->state, READY, memory_order_release);
        return i;
    }
    return -1;
}

int interrupt_cleanup_add_file(const char *path)
{
    return path ? claim(KIND_FILE, path, NULL, 0, 0, 0) : -1;
}

int interrupt_cleanup_add_folder(const char *path)
{
    return path ? claim(KIND_FOLDER, path, NULL, 0, 0, 0) : -1;
}

int interrupt_cleanup_add_sequence(const char *prefix, int width, int zero_padded, const char *suffix, long first)
{
    if (!prefix || !suffix || width < 0 || width > 32 || first < 0)
        return -1;
    int ticket = claim(KIND_SEQUENCE, prefix, suffix, width, zero_padded, 0);
    if (ticket >= 0)
        slots[ticket].first = first;
    return ticket;
}

void interrupt_cleanup_set_count(int ticket, long count)
{
    if (ticket >= 0 && ticket < INTERRUPT_CLEANUP_SLOTS)
        atomic_store_explicit(&slots[ticket].count, count, memory_order_release);
}

void interrupt_cleanup_remove(int ticket)
{
    if (ticket >= 0 && ticket < INTERRUPT_CLEANUP_SLOTS)
        atomic_store_explicit(&slots[ticket].state, FREE, memory_order_release);
}

/* Everything below runs in the signal handler: async-signal-safe only. */

/* The files directly in `path`, then the folder. */
static void remove_folder(const char *path)
{
    static char entries[8192];
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        for (;;) {
            long n = syscall(SYS_getdents64, fd, entries, sizeof entries);
            if (n <= 0)
                break;
            for (long at = 0; at < n;) {
                struct dirent64 *entry = (struct dirent64 *)(void *)(entries + at);
                const char *name = entry->d_name;
                if (!(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))))
                    unlinkat(fd, name, 0);
                at += entry->d_reclen;
            }
        }
        close(fd);
    }
    rmdir(path);
}

/* File n of a sequence. */
static void remove_numbered(const struct slot *s, long n)
{
    static char path[INTERRUPT_CLEANUP_PATH_MAX + 40];
    char digits[32];
    int length = 0;
    do {
        digits[length++] = (char)('0' + n % 10);
        n /= 10;
    } while (n > 0 && length < 31);
    int at = s->prefix_length;
    memcpy(path, s->text, (size_t)at);
    for (int pad = length; pad < s->width; pad++)
        path[at++] = s->zero_padded ? '0' : ' ';
    while (length > 0)
        path[at++] = digits[--length];
    const char *suffix = s->text + s->prefix_length + 1;
    size_t suffix_length = strlen(suffix);
    memcpy(path + at, suffix, suffix_length + 1);
    unlink(path);
}

void interrupt_cleanup_remove_all(void)
{
    for (int i = 0; i < INTERRUPT_CLEANUP_SLOTS; i++) {
        const struct slot *s = &slots[i];
        if (atomic_load_explicit(&s->state, memory_order_acquire) != READY)
            continue;
        switch (s->kind) {
        case KIND_FILE:
            unlink(s->text);
            break;
        case KIND_FOLDER:
            remove_folder(s->text);
            break;
        case KIND_SEQUENCE:
            for (long n = atomic_load_explicit(&s->count, memory_order_acquire) - 1; n >= 0; n--)
                remove_numbered(s, s->first + n);
            break;
        }
    }
}

static void on_signal(int signal_number)
{
    interrupt_cleanup_remove_all();
    _exit(128 + signal_number);
}

void interrupt_cleanup_install(void)
{
    static const int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaddset(&action.sa_mask, signals[i]);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &action, NULL);
}
