/*
 * libFuzzer target for examples/y4m.h, the YUV4MPEG2 reader the C examples
 * use: the input is a whole stream. Beyond "no crash, no out-of-bounds
 * access" (AddressSanitizer), an accepted header must have sides in
 * 1...Y4M_MAX_SIDE and a positive rate, and an error must come with a message.
 */
#include "../../examples/y4m.h"

#include <assert.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "rb");
    if (!f)
        return 0;
    y4m_stream s;
    if (y4m_read_header(f, &s) != 0) {
        assert(s.error[0] != 0);
        fclose(f);
        return 0;
    }
    assert(s.width >= 1 && s.width <= Y4M_MAX_SIDE && s.height >= 1 && s.height <= Y4M_MAX_SIDE);
    assert(s.rate_num > 0 && s.rate_den > 0);
    /* Frames larger than the input cannot be whole; the reader must say so without reading past it. */
    size_t bytes = y4m_frame_bytes(&s);
    uint8_t *planes = bytes <= size ? malloc(bytes) : NULL;
    if (planes) {
        int status;
        while ((status = y4m_read_frame(f, &s, planes)) == 1) {}
        assert(status == 0 || s.error[0] != 0);
        free(planes);
    }
    fclose(f);
    return 0;
}
