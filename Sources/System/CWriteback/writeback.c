#define _GNU_SOURCE
#include "writeback.h"

#include <fcntl.h>

int writeback_start(int fd, int64_t offset, int64_t length)
{
    return sync_file_range(fd, offset, length, SYNC_FILE_RANGE_WRITE);
}
