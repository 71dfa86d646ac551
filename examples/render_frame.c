/*
 * render_frame — one frame of a transition, from two PNG files to a PNG file.
 *
 *     render_frame FROM.png TO.png SPEC PROGRESS OUT.png
 *     render_frame a.png b.png '.push(from: .trailing)' 0.5 mid.png
 *
 * Build against an installed Segue (or the build/ tree of this repository):
 *     cc render_frame.c $(pkg-config --cflags --libs segue) -o render_frame
 */
#include <segue.h>

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 6) {
        fprintf(stderr, "usage: %s FROM.png TO.png SPEC PROGRESS OUT.png\n", argv[0]);
        return 2;
    }
    /* A library older than these headers may lack what they declare. */
    if (segue_version() < SEGUE_VERSION_NUMBER) {
        fprintf(stderr, "libsegue %s is older than the headers (%s)\n", segue_version_string(), SEGUE_VERSION_STRING);
        return 1;
    }
    char *end;
    double progress = strtod(argv[4], &end);
    if (*end != '\0') {
        fprintf(stderr, "progress '%s' is not a number\n", argv[4]);
        return 2;
    }

    segue_engine *engine = NULL;
    segue_surface *from = NULL, *to = NULL, *frame = NULL;
    segue_transition *transition = NULL;
    segue_status status;
    const char *step = "";

    /* Every call returns a status; segue_last_error() says why one failed. */
    if ((status = segue_engine_create(NULL, &engine)) != SEGUE_OK) { step = "engine"; goto done; }
    if ((status = segue_surface_load_png(argv[1], &from)) != SEGUE_OK) { step = "from"; goto done; }
    if ((status = segue_surface_load_png(argv[2], &to)) != SEGUE_OK) { step = "to"; goto done; }
    if ((status = segue_transition_parse(engine, argv[3], &transition)) != SEGUE_OK) { step = "spec"; goto done; }
    if ((status = segue_surface_create(segue_surface_width(to), segue_surface_height(to), &frame)) != SEGUE_OK) {
        step = "frame";
        goto done;
    }

    /* A zeroed scene with its size set means: the target's size, clear background, fit. */
    segue_scene scene = { .struct_size = sizeof scene };
    if ((status = segue_render(engine, transition, from, to, progress, &scene, frame)) != SEGUE_OK) {
        step = "render";
        goto done;
    }
    if ((status = segue_surface_save_png(frame, argv[5])) != SEGUE_OK) { step = "save"; goto done; }

done:
    if (status != SEGUE_OK)
        fprintf(stderr, "render_frame: %s: %s (%s)\n", step, segue_last_error(), segue_status_to_string(status));
    segue_transition_unref(transition);
    segue_surface_unref(frame);
    segue_surface_unref(to);
    segue_surface_unref(from);
    segue_engine_unref(engine);
    return status == SEGUE_OK ? 0 : 1;
}
