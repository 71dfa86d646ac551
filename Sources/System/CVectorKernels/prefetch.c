/* A hint to the cache, for the span kernels' row loop (SpanImage.drawRow). */
#include "vector_kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

void prefetch_bytes(const void *start, size_t bytes)
{
    const char *line = start, *end = line + bytes;
    for (; line < end; line += 64) {
#if defined(__x86_64__) || defined(__i386__)
        _mm_prefetch(line, _MM_HINT_T0);
#else
        __builtin_prefetch(line, 0, 3);
#endif
    }
}
