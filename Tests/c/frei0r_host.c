/*
 * frei0r_host — a small frei0r host for the bridge's tests: loads a mixer2
 * file with dlopen and drives it through the frei0r API alone, as MLT and
 * GStreamer do.
 *
 *   frei0r_host info FILE
 *       the plugin's name, type, colour model and parameters, one per line
 *   frei0r_host render FILE WIDTH HEIGHT TIME A.rgba B.rgba OUT.rgba [NAME=VALUE ...]
 *       one frame of raw RGBA8888 (straight alpha) from two raw inputs;
 *       numbers are set as doubles, strings through a pointer to their
 *       char * (as MLT does), or with NAME:=VALUE as the char * itself (as
 *       GStreamer does for a property set on a live instance)
 *   frei0r_host threads FILE WIDTH HEIGHT THREADS FRAMES
 *       FRAMES frames at progress k / (FRAMES - 1), rendered by one instance
 *       on this thread, then again by THREADS instances on as many threads
 *       at once; exits 1 unless every frame has the same bytes both ways
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <frei0r.h>

typedef struct plugin {
    void *handle;
    int (*init)(void);
    void (*deinit)(void);
    void (*info)(f0r_plugin_info_t *);
    void (*param_info)(f0r_param_info_t *, int);
    f0r_instance_t (*construct)(unsigned, unsigned);
    void (*destruct)(f0r_instance_t);
    void (*set)(f0r_instance_t, f0r_param_t, int);
    void (*update2)(f0r_instance_t, double, const uint32_t *, const uint32_t *, const uint32_t *, uint32_t *);
} plugin;

static plugin load(const char *path)
{
    plugin p = { .handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) };
    if (!p.handle) {
        fprintf(stderr, "frei0r_host: %s\n", dlerror());
        exit(2);
    }
    *(void **)&p.init = dlsym(p.handle, "f0r_init");
    *(void **)&p.deinit = dlsym(p.handle, "f0r_deinit");
    *(void **)&p.info = dlsym(p.handle, "f0r_get_plugin_info");
    *(void **)&p.param_info = dlsym(p.handle, "f0r_get_param_info");
    *(void **)&p.construct = dlsym(p.handle, "f0r_construct");
    *(void **)&p.destruct = dlsym(p.handle, "f0r_destruct");
    *(void **)&p.set = dlsym(p.handle, "f0r_set_param_value");
    *(void **)&p.update2 = dlsym(p.handle, "f0r_update2");
    if (!p.init || !p.deinit || !p.info || !p.param_info || !p.construct || !p.destruct || !p.set || !p.update2) {
        fprintf(stderr, "frei0r_host: %s lacks a frei0r mixer2 function\n", path);
        exit(2);
    }
    return p;
}

/* The index of parameter `name`, or -1. */
static int param_index(const plugin *p, const char *name, int *type)
{
    f0r_plugin_info_t info;
    p->info(&info);
    for (int i = 0; i < info.num_params; i++) {
        f0r_param_info_t param;
        p->param_info(&param, i);
        if (!strcmp(param.name, name)) {
            *type = param.type;
            return i;
        }
    }
    return -1;
}

/* NAME=VALUE: a double for numeric parameters, the text for strings
 * (NAME:=VALUE: the char * itself). */
static void set_param(const plugin *p, f0r_instance_t instance, const char *assignment)
{
    char name[256];
    const char *equals = strchr(assignment, '=');
    if (!equals || (size_t)(equals - assignment) >= sizeof name) {
        fprintf(stderr, "frei0r_host: expected NAME=VALUE, got '%s'\n", assignment);
        exit(2);
    }
    int direct = equals > assignment && equals[-1] == ':';
    snprintf(name, sizeof name, "%.*s", (int)(equals - assignment - direct), assignment);
    int type = 0, index = param_index(p, name, &type);
    if (index < 0) {
        fprintf(stderr, "frei0r_host: no parameter '%s'\n", name);
        exit(2);
    }
    if (type == F0R_PARAM_STRING && direct) {
        p->set(instance, (f0r_param_t)(equals + 1), index);
    } else if (type == F0R_PARAM_STRING) {
        const char *text = equals + 1;
        p->set(instance, (f0r_param_t)&text, index);
    } else {
        double value = strtod(equals + 1, NULL);
        p->set(instance, &value, index);
    }
}

static uint32_t *read_raw(const char *path, size_t pixels)
{
    uint32_t *data = malloc(pixels * 4);
    FILE *in = fopen(path, "rb");
    if (!data || !in || fread(data, 4, pixels, in) != pixels) {
        fprintf(stderr, "frei0r_host: cannot read %zu pixels from %s\n", pixels, path);
        exit(2);
    }
    fclose(in);
    return data;
}

static int info(const char *path)
{
    plugin p = load(path);
    int initialised = p.init();
    f0r_plugin_info_t information;
    p.info(&information);
    printf("name %s\ntype %d\ncolor_model %d\ninit %d\nexplanation %s\n", information.name, information.plugin_type,
           information.color_model, initialised, information.explanation);
    for (int i = 0; i < information.num_params; i++) {
        f0r_param_info_t param;
        p.param_info(&param, i);
        printf("param %d %s %d %s\n", i, param.name, param.type, param.explanation);
    }
    p.deinit();
    return 0;
}

static int render(int argc, char **argv)
{
    plugin p = load(argv[2]);
    unsigned width = (unsigned)atoi(argv[3]), height = (unsigned)atoi(argv[4]);
    double time = atof(argv[5]);
    size_t pixels = (size_t)width * height;
    uint32_t *a = read_raw(argv[6], pixels), *b = read_raw(argv[7], pixels), *out = calloc(pixels, 4);
    p.init();
    f0r_instance_t instance = p.construct(width, height);
    if (!instance) {
        fprintf(stderr, "frei0r_host: f0r_construct(%u, %u) returned NULL\n", width, height);
        return 1;
    }
    for (int i = 9; i < argc; i++) set_param(&p, instance, argv[i]);
    p.update2(instance, time, a, b, NULL, out);
    FILE *file = fopen(argv[8], "wb");
    if (!file || fwrite(out, 4, pixels, file) != pixels || fclose(file) != 0) {
        fprintf(stderr, "frei0r_host: cannot write %s\n", argv[8]);
        return 2;
    }
    p.destruct(instance);
    p.deinit();
    free(a);
    free(b);
    free(out);
    return 0;
}

typedef struct job {
    const plugin *p;
    unsigned width, height;
    int frames;
    const uint32_t *a, *b;
    uint32_t *out; /* frames × pixels */
} job;

/* Renders every frame with one instance of its own. */
static void *run(void *argument)
{
    job *j = argument;
    size_t pixels = (size_t)j->width * j->height;
    f0r_instance_t instance = j->p->construct(j->width, j->height);
    if (!instance) return NULL;
    for (int k = 0; k < j->frames; k++) {
        double position = j->frames > 1 ? (double)k / (j->frames - 1) : 0;
        j->p->set(instance, &position, 0);
        j->p->update2(instance, k, j->a, j->b, NULL, j->out + (size_t)k * pixels);
    }
    j->p->destruct(instance);
    return j;
}

static int threads(char **argv)
{
    plugin p = load(argv[2]);
    unsigned width = (unsigned)atoi(argv[3]), height = (unsigned)atoi(argv[4]);
    int count = atoi(argv[5]), frames = atoi(argv[6]);
    size_t pixels = (size_t)width * height;
    if (count < 1 || count > 64 || frames < 1 || pixels == 0) return 2;
    uint32_t *a = malloc(pixels * 4), *b = malloc(pixels * 4);
    for (size_t i = 0; i < pixels; i++) {
        size_t x = i % width, y = i / width;
        a[i] = (uint32_t)(x * 255 / width) | (uint32_t)(y * 255 / height) << 8 | 0x40u << 16 | 0xFFu << 24;
        b[i] = ((x / 8 + y / 8) % 2 ? 0xFF20C0E0u : 0x80102030u);
    }
    p.init();
    job single = { &p, width, height, frames, a, b, calloc((size_t)frames * pixels, 4) };
    if (!run(&single)) return 1;
    job *jobs = calloc((size_t)count, sizeof *jobs);
    pthread_t *ids = calloc((size_t)count, sizeof *ids);
    for (int t = 0; t < count; t++) {
        jobs[t] = (job){ &p, width, height, frames, a, b, calloc((size_t)frames * pixels, 4) };
        pthread_create(&ids[t], NULL, run, &jobs[t]);
    }
    int failures = 0;
    for (int t = 0; t < count; t++) {
        void *result = NULL;
        pthread_join(ids[t], &result);
        if (!result || memcmp(jobs[t].out, single.out, (size_t)frames * pixels * 4)) {
            fprintf(stderr, "frei0r_host: thread %d differs from the single thread\n", t);
            failures++;
        }
        free(jobs[t].out);
    }
    printf("%d threads x %d frames of %ux%u: %s\n", count, frames, width, height, failures ? "DIFFERENT" : "identical");
    p.deinit();
    free(single.out);
    free(jobs);
    free(ids);
    free(a);
    free(b);
    return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "info")) return info(argv[2]);
    if (argc >= 9 && !strcmp(argv[1], "render")) return render(argc, argv);
    if (argc == 7 && !strcmp(argv[1], "threads")) return threads(argv);
    fprintf(stderr, "usage: frei0r_host info FILE | render FILE W H TIME A B OUT [NAME=VALUE...] | "
                    "threads FILE W H THREADS FRAMES\n");
    return 2;
}
