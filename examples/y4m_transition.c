/*
 * y4m_transition — a transition between two moving YUV4MPEG2 streams with
 * libsegue alone (no FFmpeg): both streams stay live, each frame pair is
 * imported from 4:2:0 into surfaces, rendered at the animation's progress,
 * and exported back to 4:2:0, all in buffers this program owns.
 *
 *     y4m_transition FROM.y4m TO.y4m TRANSITION ANIMATION [bt601|bt709] > OUT.y4m
 *     y4m_transition a.y4m b.y4m '.push(from: .trailing)' .smooth > out.y4m
 *     ffmpeg -i a.mp4 -f yuv4mpegpipe - | y4m_transition - b.y4m .slide .bouncy | ffplay -
 *
 * '-' reads a stream from standard input. The output has FROM's size and
 * frame rate and lasts the animation (its settling time for springs), the
 * first frame at time 0 and the last at its end. TO must have FROM's size.
 * When a stream ends first, its last frame holds. YUV4MPEG2 carries no
 * colour matrix: BT.601 is assumed (as FFmpeg does), or give bt709.
 *
 *     cc y4m_transition.c $(pkg-config --cflags --libs segue) -o y4m_transition
 */
#include <segue.h>

#include "y4m.h"

static int fail(const char *what, segue_status status)
{
    fprintf(stderr, "y4m_transition: %s: %s (%s)\n", what, segue_last_error(), segue_status_to_string(status));
    return 1;
}

static FILE *open_stream(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f)
        fprintf(stderr, "y4m_transition: cannot open '%s'\n", path);
    return f;
}

/* One input: its stream, the latest frame's planes, and whether it has ended. */
typedef struct input {
    const char *path;
    FILE *file;
    y4m_stream stream;
    uint8_t *planes;
    int ended;
} input;

/* Reads the input's next frame, keeping the last one once it ends. */
static int advance(input *in)
{
    if (in->ended)
        return 0;
    int status = y4m_read_frame(in->file, &in->stream, in->planes);
    if (status < 0) {
        fprintf(stderr, "y4m_transition: '%s': %s\n", in->path, in->stream.error);
        return -1;
    }
    in->ended = status == 0;
    return 0;
}

/* The segue_pixels describing a 4:2:0 frame held in `planes`. */
static segue_pixels describe(const y4m_stream *s, uint8_t *planes, segue_color_matrix matrix)
{
    int32_t cw = (s->width + 1) / 2, ch = (s->height + 1) / 2;
    segue_pixels p = {.struct_size = sizeof p, .format = SEGUE_PIXEL_FORMAT_I420, .matrix = matrix,
                      .range = s->full_range ? SEGUE_COLOR_RANGE_FULL : SEGUE_COLOR_RANGE_LIMITED,
                      .width = s->width, .height = s->height,
                      .planes = {planes, planes + (size_t)s->width * s->height,
                                 planes + (size_t)s->width * s->height + (size_t)cw * ch},
                      .strides = {s->width, cw, cw}};
    return p;
}

int main(int argc, char **argv)
{
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: %s FROM.y4m TO.y4m TRANSITION ANIMATION [bt601|bt709] > OUT.y4m\n", argv[0]);
        return 2;
    }
    segue_color_matrix matrix = SEGUE_COLOR_MATRIX_BT601;
    if (argc == 6) {
        if (strcmp(argv[5], "bt709") == 0)
            matrix = SEGUE_COLOR_MATRIX_BT709;
        else if (strcmp(argv[5], "bt601") != 0) {
            fprintf(stderr, "y4m_transition: the matrix is bt601 or bt709, not '%s'\n", argv[5]);
            return 2;
        }
    }
    input inputs[2] = {{.path = argv[1]}, {.path = argv[2]}};
    for (int i = 0; i < 2; i++) {
        if (!(inputs[i].file = open_stream(inputs[i].path)))
            return 1;
        if (y4m_read_header(inputs[i].file, &inputs[i].stream) != 0) {
            fprintf(stderr, "y4m_transition: '%s': %s\n", inputs[i].path, inputs[i].stream.error);
            return 1;
        }
    }
    const y4m_stream *out = &inputs[0].stream;
    if (inputs[1].stream.width != out->width || inputs[1].stream.height != out->height) {
        fprintf(stderr, "y4m_transition: '%s' is %dx%d but '%s' is %dx%d\n", inputs[1].path,
                (int)inputs[1].stream.width, (int)inputs[1].stream.height, inputs[0].path, (int)out->width,
                (int)out->height);
        return 1;
    }

    segue_engine *engine = NULL;
    segue_transition *transition = NULL;
    segue_animation *animation = NULL;
    segue_surface *from = NULL, *to = NULL, *target = NULL;
    segue_status status;
    if ((status = segue_engine_create(NULL, &engine)) != SEGUE_OK)
        return fail("engine", status);
    if ((status = segue_transition_parse(engine, argv[3], &transition)) != SEGUE_OK)
        return fail("TRANSITION", status);
    if ((status = segue_animation_parse(argv[4], &animation)) != SEGUE_OK)
        return fail("ANIMATION", status);
    if ((status = segue_surface_create(out->width, out->height, &from)) != SEGUE_OK ||
        (status = segue_surface_create(out->width, out->height, &to)) != SEGUE_OK ||
        (status = segue_surface_create(out->width, out->height, &target)) != SEGUE_OK)
        return fail("surfaces", status);

    size_t bytes = y4m_frame_bytes(out);
    uint8_t *written = malloc(bytes);
    for (int i = 0; i < 2; i++)
        inputs[i].planes = malloc(bytes);
    if (!written || !inputs[0].planes || !inputs[1].planes) {
        fprintf(stderr, "y4m_transition: out of memory\n");
        return 1;
    }
    /* Each stream must have a first frame. */
    for (int i = 0; i < 2; i++) {
        if (advance(&inputs[i]) != 0)
            return 1;
        if (inputs[i].ended) {
            fprintf(stderr, "y4m_transition: '%s' has no frame\n", inputs[i].path);
            return 1;
        }
    }

    double duration = 0;
    segue_animation_duration(animation, &duration);
    double fps = (double)out->rate_num / out->rate_den;
    long frames = (long)(duration * fps + 0.5) + 1;
    y4m_stream header = *out;
    header.full_range = 0; /* frames are written in limited range */
    if (y4m_write_header(stdout, &header) != 0) {
        fprintf(stderr, "y4m_transition: cannot write to standard output\n");
        return 1;
    }
    segue_pixels output = describe(out, written, matrix);
    output.range = SEGUE_COLOR_RANGE_LIMITED;
    for (long i = 0; i < frames; i++) {
        if (i > 0 && (advance(&inputs[0]) != 0 || advance(&inputs[1]) != 0))
            return 1;
        segue_pixels a = describe(&inputs[0].stream, inputs[0].planes, matrix);
        segue_pixels b = describe(&inputs[1].stream, inputs[1].planes, matrix);
        double time = frames == 1 ? duration : duration * (double)i / (double)(frames - 1);
        if ((status = segue_surface_import(&a, from)) != SEGUE_OK || (status = segue_surface_import(&b, to)) != SEGUE_OK)
            return fail("importing a frame", status);
        if ((status = segue_render_at_time(engine, transition, animation, from, to, time, NULL, target)) != SEGUE_OK)
            return fail("rendering", status);
        if ((status = segue_surface_export(target, &output)) != SEGUE_OK)
            return fail("exporting a frame", status);
        if (y4m_write_frame(stdout, &header, written) != 0) {
            fprintf(stderr, "y4m_transition: cannot write frame %ld to standard output\n", i);
            return 1;
        }
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "y4m_transition: cannot write to standard output\n");
        return 1;
    }
    free(written);
    free(inputs[0].planes);
    free(inputs[1].planes);
    segue_surface_unref(from);
    segue_surface_unref(to);
    segue_surface_unref(target);
    segue_animation_unref(animation);
    segue_transition_unref(transition);
    segue_engine_unref(engine);
    return 0;
}
