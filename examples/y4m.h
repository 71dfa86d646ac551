/*
 * y4m.h — a small YUV4MPEG2 reader and writer for the examples (4:2:0, 8-bit
 * only), careful with what it is given: every header field is range-checked,
 * a frame is read whole or not at all, and a bad stream gives a message, not
 * a crash. It is fuzzed with libFuzzer (Fuzz/y4m_fuzzer.c).
 *
 * Header-only: include it in one program.
 */
#ifndef SEGUE_EXAMPLES_Y4M_H
#define SEGUE_EXAMPLES_Y4M_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define Y4M_MAX_SIDE 32768
#define Y4M_MAX_LINE 1024

typedef struct y4m_stream {
    int32_t width, height;
    int32_t rate_num, rate_den; /* frames per second, as a fraction */
    int full_range;             /* XCOLORRANGE=FULL */
    char header[Y4M_MAX_LINE];  /* the header line as read, without its newline */
    char error[160];            /* why the last call failed */
} y4m_stream;

/* Bytes of one 4:2:0 frame's planes: Y', then Cb, then Cr. */
static size_t y4m_frame_bytes(const y4m_stream *s)
{
    size_t cw = ((size_t)s->width + 1) / 2, ch = ((size_t)s->height + 1) / 2;
    return (size_t)s->width * (size_t)s->height + 2 * cw * ch;
}

/* Reads one line (up to '\n', which is consumed) into `line`; 0 at once at
 * the end of the stream, -1 for a line too long or cut short. */
static int y4m_read_line(FILE *f, char *line, size_t capacity, size_t *length)
{
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF && c != '\n') {
        if (n + 1 >= capacity)
            return -1;
        line[n++] = (char)c;
    }
    line[n] = 0;
    *length = n;
    if (c == EOF)
        return n == 0 ? 0 : -1;
    return 1;
}

/* A decimal integer in [min, max] at *p, which it advances; -1 when there is none. */
static int y4m_number(const char **p, long min, long max, long *out)
{
    const char *s = *p;
    long value = 0;
    if (*s < '0' || *s > '9')
        return -1;
    while (*s >= '0' && *s <= '9') {
        value = value * 10 + (*s - '0');
        if (value > max)
            return -1;
        s++;
    }
    if (value < min)
        return -1;
    *p = s;
    *out = value;
    return 0;
}

/* Reads and checks the stream header. Returns 0, or -1 with s->error set. */
static int y4m_read_header(FILE *f, y4m_stream *s)
{
    size_t length;
    memset(s, 0, sizeof *s);
    s->rate_num = 25;
    s->rate_den = 1;
    int status = y4m_read_line(f, s->header, sizeof s->header, &length);
    if (status <= 0 || strncmp(s->header, "YUV4MPEG2", 9) != 0 || (s->header[9] != ' ' && s->header[9] != 0)) {
        snprintf(s->error, sizeof s->error, "not a YUV4MPEG2 stream (no 'YUV4MPEG2 ' header line)");
        return -1;
    }
    for (const char *p = s->header + 9; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        char tag = *p++;
        long a, b;
        if (tag == 'W' || tag == 'H') {
            if (y4m_number(&p, 1, Y4M_MAX_SIDE, &a) != 0) {
                snprintf(s->error, sizeof s->error, "header field %c needs a size in 1...%d", tag, Y4M_MAX_SIDE);
                return -1;
            }
            *(tag == 'W' ? &s->width : &s->height) = (int32_t)a;
        } else if (tag == 'F') {
            if (y4m_number(&p, 1, INT32_MAX, &a) != 0 || *p++ != ':' || y4m_number(&p, 1, INT32_MAX, &b) != 0) {
                snprintf(s->error, sizeof s->error, "header field F needs a frame rate N:D with both above 0");
                return -1;
            }
            s->rate_num = (int32_t)a;
            s->rate_den = (int32_t)b;
        } else if (tag == 'C') {
            const char *end = strchr(p, ' ');
            size_t n = end ? (size_t)(end - p) : strlen(p);
            if (!(n >= 3 && strncmp(p, "420", 3) == 0)) {
                snprintf(s->error, sizeof s->error, "only 4:2:0 streams are read, not C%.*s", (int)(n > 20 ? 20 : n), p);
                return -1;
            }
            p += n;
        } else {
            if (tag == 'X' && strncmp(p, "COLORRANGE=FULL", 15) == 0)
                s->full_range = 1;
            while (*p && *p != ' ')
                p++;
        }
    }
    if (s->width == 0 || s->height == 0) {
        snprintf(s->error, sizeof s->error, "the header gives no size (W and H)");
        return -1;
    }
    return 0;
}

/* Reads the next frame's planes into `planes` (y4m_frame_bytes(s) bytes).
 * Returns 1 for a frame, 0 at the end of the stream, -1 with s->error set
 * for a bad frame line or a frame cut short. */
static int y4m_read_frame(FILE *f, y4m_stream *s, uint8_t *planes)
{
    char line[Y4M_MAX_LINE];
    size_t length;
    int status = y4m_read_line(f, line, sizeof line, &length);
    if (status == 0)
        return 0;
    if (status < 0 || strncmp(line, "FRAME", 5) != 0 || (line[5] != ' ' && line[5] != 0)) {
        snprintf(s->error, sizeof s->error, "expected a FRAME line");
        return -1;
    }
    size_t bytes = y4m_frame_bytes(s);
    if (fread(planes, 1, bytes, f) != bytes) {
        snprintf(s->error, sizeof s->error, "the stream ends inside a frame");
        return -1;
    }
    return 1;
}

/* Writes a header line for `s`. Returns 0, or -1 when the stream refuses it. */
static int y4m_write_header(FILE *f, const y4m_stream *s)
{
    return fprintf(f, "YUV4MPEG2 W%d H%d F%d:%d Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=%s\n", (int)s->width,
                   (int)s->height, (int)s->rate_num, (int)s->rate_den, s->full_range ? "FULL" : "LIMITED") < 0 ? -1 : 0;
}

/* Writes one frame. Returns 0, or -1 when the stream refuses it. */
static int y4m_write_frame(FILE *f, const y4m_stream *s, const uint8_t *planes)
{
    size_t bytes = y4m_frame_bytes(s);
    return fputs("FRAME\n", f) < 0 || fwrite(planes, 1, bytes, f) != bytes ? -1 : 0;
}

#endif /* SEGUE_EXAMPLES_Y4M_H */
