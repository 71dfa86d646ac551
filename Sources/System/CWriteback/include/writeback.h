/*
 * writeback.h — starting the kernel's writeback of a file's written range
 * while the writer goes on, so that the final fsync() of a long output has
 * little left to wait for. sync_file_range() is Linux's; Swift's Glibc
 * module does not show it, hence this shim.
 */
#ifndef SEGUE_WRITEBACK_H
#define SEGUE_WRITEBACK_H

#include <stdint.h>

/** Starts writing bytes [offset, offset + length) of `fd` to the disk and
 *  returns without waiting for it. Returns 0, or -1 with errno set (a file
 *  system that cannot is no error for the caller: fsync() still follows). */
int writeback_start(int fd, int64_t offset, int64_t length);

#endif
