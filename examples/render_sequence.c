/*
 * render_sequence — every frame of a transition under an animation, drawn
 * into memory this program owns, whose rows are padded to a wider stride
 * (as video frame buffers often are), then written as numbered PNG files.
 *
 *     render_sequence FROM.png TO.png TRANSITION ANIMATION FRAMES OUT_PREFIX
 *     render_sequence a.png b.png .slide '.spring(duration: 0.6, bounce: 0.3)' 30 out/frame
 *
 * writes out/frame000.png … out/frame029.png. The first frame is at time 0,
 * the last at the end of the animation. The padding bytes are filled with a
 * marker and checked after every frame: Segue must never write outside the
 * width × height pixels it was given.
 *
 *     cc render_sequence.c $(pkg-config --cflags --libs segue) -o render_sequence
 */
#include <segue.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PADDING 100 /* bytes after each row's pixels; strides need only be multiples of 4 */
#define MARKER 0xA5

static int fail(const char *what, segue_status status)
{
    fprintf(stderr, "render_sequence: %s: %s (%s)\n", what, segue_last_error(), segue_status_to_string(status));
    return 1;
}

/* True when every padding byte still holds the marker. */
static int padding_intact(const uint8_t *pixels, int32_t width, int32_t height, int32_t stride)
{
    for (int32_t y = 0; y < height; y++)
        for (int32_t i = width * 4; i < stride; i++)
            if (pixels[(size_t)y * stride + i] != MARKER)
                return 0;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 7) {
        fprintf(stderr, "usage: %s FROM.png TO.png TRANSITION ANIMATION FRAMES OUT_PREFIX\n", argv[0]);
        return 2;
    }
    int frames = atoi(argv[5]);
    if (frames < 1 || frames > 100000) {
        fprintf(stderr, "FRAMES must be 1…100000, not '%s'\n", argv[5]);
        return 2;
    }

    segue_engine *engine = NULL;
    segue_surface *from = NULL, *to = NULL, *frame = NULL;
    segue_transition *transition = NULL;
    segue_animation *animation = NULL;
    uint8_t *pixels = NULL;
    segue_status status;
    int result = 1;

    if ((status = segue_engine_create(NULL, &engine)) != SEGUE_OK) { result = fail("engine", status); goto done; }
    if ((status = segue_surface_load_png(argv[1], &from)) != SEGUE_OK) { result = fail(argv[1], status); goto done; }
    if ((status = segue_surface_load_png(argv[2], &to)) != SEGUE_OK) { result = fail(argv[2], status); goto done; }
    if ((status = segue_transition_parse(engine, argv[3], &transition)) != SEGUE_OK) {
        result = fail("transition", status);
        goto done;
    }
    if ((status = segue_animation_parse(argv[4], &animation)) != SEGUE_OK) {
        result = fail("animation", status);
        goto done;
    }

    /* Caller-owned memory: rows wider than the image, padding marked. */
    int32_t width = segue_surface_width(to), height = segue_surface_height(to);
    int32_t stride = width * 4 + PADDING;
    pixels = malloc((size_t)stride * height);
    if (!pixels) {
        fprintf(stderr, "render_sequence: out of memory\n");
        goto done;
    }
    memset(pixels, MARKER, (size_t)stride * height);
    if ((status = segue_surface_wrap(pixels, width, height, stride, &frame)) != SEGUE_OK) {
        result = fail("wrap", status);
        goto done;
    }

    double duration;
    segue_animation_duration(animation, &duration);
    segue_scene scene = { .struct_size = sizeof scene };
    for (int i = 0; i < frames; i++) {
        double time = frames == 1 ? duration : duration * i / (frames - 1);
        if ((status = segue_render_at_time(engine, transition, animation, from, to, time, &scene, frame)) != SEGUE_OK) {
            result = fail("render", status);
            goto done;
        }
        if (!padding_intact(pixels, width, height, stride)) {
            fprintf(stderr, "render_sequence: frame %d wrote into the row padding\n", i);
            goto done;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s%03d.png", argv[6], i);
        if ((status = segue_surface_save_png(frame, path)) != SEGUE_OK) {
            result = fail(path, status);
            goto done;
        }
        double progress;
        segue_animation_progress(animation, time, &progress);
        printf("%s\t%.4f\t%.6f\n", path, time, progress);
    }
    result = 0;

done:
    segue_surface_unref(frame); /* before freeing the memory it wraps */
    free(pixels);
    segue_animation_unref(animation);
    segue_transition_unref(transition);
    segue_surface_unref(to);
    segue_surface_unref(from);
    segue_engine_unref(engine);
    return result;
}
