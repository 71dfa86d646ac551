/*
 * segue_bench — times Segue's renders against the floor (memcpy) and pixman's
 * own cost for the same pixel traffic, all in one process, interleaved.
 *
 *   segue_bench frames --from A.png --to B.png [--progress 0.1,0.3,...]
 *                      [--rounds R] [--batch B] [--cap-ms MS]
 *                      --case 'LABEL|SPEC|normal|plusLighter' ...
 *   segue_bench tiny   --from A.png --to B.png [--rounds R] [--calls K]
 *
 * Prints one JSON object per line on standard output (one per measured case),
 * progress on standard error. bench/run.py drives it and writes BENCHMARKS.md.
 *
 * How it measures: every case (a memcpy, a pixman composite, one Segue render
 * at one progress value on one engine) is first run once to warm up and to
 * estimate its cost. Then R rounds run; in each round every case runs a batch
 * of up to B iterations, each timed on its own with CLOCK_MONOTONIC, and the
 * starting case rotates from round to round. A case whose batch would take
 * longer than its share of --cap-ms runs fewer iterations per round (at least
 * one). The result of a case is the median of its samples, so noise from the
 * rest of the machine lands on every case alike instead of on whichever ran
 * during a burst.
 *
 * The floor: "memcpy of a frame" copies the removed picture into a scratch
 * frame. "traffic floor" is what the issue calls the memory-traffic floor, the
 * time memcpy needs to move the bytes one two-picture frame must move (two
 * frames read, one written = 3 frames of traffic): one memcpy of the whole
 * removed picture into the render target plus one of half the inserted
 * picture into the scratch frame — 1.5 frames read + 1.5 written. It reads and
 * writes the very buffers the Segue cases read and write, so it runs with the
 * same cache state they do (a floor on buffers of its own would start colder
 * than every render and look slower than it is).
 *
 * "Threads": Segue engines are created with threads = 1 and threads = 0 (one
 * per processor). memcpy and the fused C reference are split into horizontal
 * bands over a small pool of pthreads for the all-cores rows. pixman has no
 * threads of its own: its rows are single-threaded only. In `tiny` mode
 * (64x64) only Segue has all-cores rows: handing a 16 KB copy to a thread
 * pool measures the hand-off, not the copy.
 */
#define _GNU_SOURCE
#include <segue.h>

#include <math.h>
#include <pixman.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

#if defined(__GNUC__)
#define NORETURN __attribute__((noreturn))
#else
#define NORETURN
#endif

static NORETURN void die(const char *what)
{
    fprintf(stderr, "segue_bench: %s\n", what);
    exit(1);
}

static NORETURN void die_segue(const char *what, segue_status status)
{
    fprintf(stderr, "segue_bench: %s: %s (%s)\n", what, segue_last_error(), segue_status_to_string(status));
    exit(1);
}

static void *xmalloc(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, n ? n : 64) != 0)
        die("out of memory");
    return p;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Quantile q of sorted values, linear between neighbours. */
static double quantile(const double *sorted, int n, double q)
{
    if (n <= 0)
        return NAN;
    double pos = q * (n - 1);
    int i = (int)pos;
    if (i >= n - 1)
        return sorted[n - 1];
    return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

/* Writes s as a JSON string. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static int processors(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : (int)n;
}

/* ------------------------------------------------------------------ */
/* A tiny band pool, for the all-cores memcpy and fused C rows          */
/* ------------------------------------------------------------------ */

typedef void (*band_fn)(void *ctx, int band, int bands);

static struct {
    int threads;
    pthread_t *ids;
    pthread_barrier_t start, end;
    band_fn fn;
    void *ctx;
    int quit;
} pool;

static void *pool_worker(void *arg)
{
    int band = (int)(intptr_t)arg;
    for (;;) {
        pthread_barrier_wait(&pool.start);
        if (pool.quit)
            return NULL;
        pool.fn(pool.ctx, band, pool.threads);
        pthread_barrier_wait(&pool.end);
    }
}

static void pool_start(int threads)
{
    pool.threads = threads;
    if (threads < 2)
        return;
    pool.ids = calloc((size_t)threads, sizeof *pool.ids);
    pthread_barrier_init(&pool.start, NULL, (unsigned)threads);
    pthread_barrier_init(&pool.end, NULL, (unsigned)threads);
    for (int i = 1; i < threads; i++)
        if (pthread_create(&pool.ids[i], NULL, pool_worker, (void *)(intptr_t)i) != 0)
            die("pthread_create failed");
}

static void pool_stop(void)
{
    if (pool.threads < 2)
        return;
    pool.quit = 1;
    pthread_barrier_wait(&pool.start);
    for (int i = 1; i < pool.threads; i++)
        pthread_join(pool.ids[i], NULL);
    free(pool.ids);
}

/* Runs fn over `threads` bands: 1 on the calling thread, else over the pool. */
static void run_bands(band_fn fn, void *ctx, int threads)
{
    if (threads < 2 || pool.threads < 2) {
        fn(ctx, 0, 1);
        return;
    }
    pool.fn = fn;
    pool.ctx = ctx;
    pthread_barrier_wait(&pool.start);
    fn(ctx, 0, pool.threads);
    pthread_barrier_wait(&pool.end);
}

/* ------------------------------------------------------------------ */
/* The pictures and buffers one size needs                             */
/* ------------------------------------------------------------------ */

typedef struct frame_set {
    int width, height, stride;
    size_t bytes;                   /* one frame */
    segue_surface *from, *to;       /* loaded pictures (opaque) */
    segue_surface *target;          /* Segue renders into this */
    uint32_t *alpha_src;            /* `to` with a horizontal alpha ramp, premultiplied */
    uint32_t *dst;                  /* pixman's destination, memcpy's scratch frame */
    pixman_image_t *img_from, *img_to, *img_alpha, *img_dst, *img_to_scaled, *mask_half;
    pixman_image_t **pieces48, **pieces400;
    pixman_box32_t *boxes48, *boxes400;
} frame_set;

static pixman_image_t *wrap_bits(void *pixels, int width, int height, int stride)
{
    pixman_image_t *image = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, (uint32_t *)pixels, stride);
    if (!image)
        die("pixman_image_create_bits failed");
    return image;
}

/* Cuts `src` into cols x rows pieces, each a pixman image viewing its pixels,
 * turned by an angle that varies per piece (up to ±0.35 rad) about its
 * centre and pushed outwards by 4 % of the frame, drawn bilinearly: the
 * drawing explode does, done the way pixman does it fastest (one transformed
 * composite per piece over its bounding box). */
static void make_pieces(frame_set *fs, int cols, int rows, pixman_image_t ***out_images, pixman_box32_t **out_boxes)
{
    int count = cols * rows;
    pixman_image_t **images = calloc((size_t)count, sizeof *images);
    pixman_box32_t *boxes = calloc((size_t)count, sizeof *boxes);
    uint8_t *base = segue_surface_data(fs->to);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int i = r * cols + c;
            int x0 = fs->width * c / cols, x1 = fs->width * (c + 1) / cols;
            int y0 = fs->height * r / rows, y1 = fs->height * (r + 1) / rows;
            int pw = x1 - x0, ph = y1 - y0;
            pixman_image_t *piece = wrap_bits(base + (size_t)y0 * fs->stride + (size_t)x0 * 4, pw, ph, fs->stride);
            double angle = 0.35 * (((i * 5) % 7) - 3) / 3.0;
            double cs = cos(angle), sn = sin(angle);
            double lx = pw / 2.0, ly = ph / 2.0;
            double cx = x0 + lx + 0.04 * fs->width * ((c + 0.5) / cols - 0.5) * 2;
            double cy = y0 + ly + 0.04 * fs->height * ((r + 0.5) / rows - 0.5) * 2;
            /* destination → piece: p = Rᵀ (d − c_dest) + c_local */
            struct pixman_f_transform ft = { { { cs, sn, lx - (cs * cx + sn * cy) },
                                               { -sn, cs, ly - (-sn * cx + cs * cy) },
                                               { 0, 0, 1 } } };
            pixman_transform_t t;
            if (!pixman_transform_from_pixman_f_transform(&t, &ft))
                die("piece transform");
            pixman_image_set_transform(piece, &t);
            pixman_image_set_filter(piece, PIXMAN_FILTER_BILINEAR, NULL, 0);
            pixman_image_set_repeat(piece, PIXMAN_REPEAT_NONE);
            /* The bounding box of the turned piece, clipped to the frame. */
            double ex = fabs(cs) * lx + fabs(sn) * ly + 1, ey = fabs(sn) * lx + fabs(cs) * ly + 1;
            int bx0 = (int)floor(cx - ex), by0 = (int)floor(cy - ey);
            int bx1 = (int)ceil(cx + ex), by1 = (int)ceil(cy + ey);
            if (bx0 < 0) bx0 = 0;
            if (by0 < 0) by0 = 0;
            if (bx1 > fs->width) bx1 = fs->width;
            if (by1 > fs->height) by1 = fs->height;
            images[i] = piece;
            boxes[i] = (pixman_box32_t){ bx0, by0, bx1, by1 };
        }
    *out_images = images;
    *out_boxes = boxes;
}

static void frame_set_init(frame_set *fs, const char *from_path, const char *to_path)
{
    segue_status status;
    if ((status = segue_surface_load_png(from_path, &fs->from)) != SEGUE_OK)
        die_segue(from_path, status);
    if ((status = segue_surface_load_png(to_path, &fs->to)) != SEGUE_OK)
        die_segue(to_path, status);
    fs->width = segue_surface_width(fs->to);
    fs->height = segue_surface_height(fs->to);
    if (segue_surface_width(fs->from) != fs->width || segue_surface_height(fs->from) != fs->height)
        die("--from and --to must have the same size");
    if ((status = segue_surface_create(fs->width, fs->height, &fs->target)) != SEGUE_OK)
        die_segue("target", status);
    fs->stride = segue_surface_stride(fs->to);
    if (segue_surface_stride(fs->from) != fs->stride)
        die("--from and --to strides differ");
    fs->bytes = (size_t)fs->stride * fs->height;

    fs->dst = xmalloc(fs->bytes);
    memcpy(fs->dst, segue_surface_data(fs->from), fs->bytes);
    fs->alpha_src = xmalloc(fs->bytes);
    const uint8_t *to = segue_surface_data(fs->to);
    for (int y = 0; y < fs->height; y++) {
        const uint32_t *row = (const uint32_t *)(to + (size_t)y * fs->stride);
        uint32_t *out = (uint32_t *)((uint8_t *)fs->alpha_src + (size_t)y * fs->stride);
        for (int x = 0; x < fs->width; x++) {
            uint32_t a = fs->width > 1 ? (uint32_t)(255 * x / (fs->width - 1)) : 128, p = row[x];
            uint32_t r = ((p >> 16) & 255) * a / 255, g = ((p >> 8) & 255) * a / 255, b = (p & 255) * a / 255;
            out[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }

    fs->img_from = wrap_bits(segue_surface_data(fs->from), fs->width, fs->height, fs->stride);
    fs->img_to = wrap_bits(segue_surface_data(fs->to), fs->width, fs->height, fs->stride);
    fs->img_alpha = wrap_bits(fs->alpha_src, fs->width, fs->height, fs->stride);
    fs->img_dst = wrap_bits(fs->dst, fs->width, fs->height, fs->stride);
    pixman_color_t half = { 0, 0, 0, 0x8080 };
    fs->mask_half = pixman_image_create_solid_fill(&half);

    /* `to` scaled by 0.9 about the frame's centre, sampled bilinearly. */
    fs->img_to_scaled = wrap_bits(segue_surface_data(fs->to), fs->width, fs->height, fs->stride);
    double s = 1 / 0.9, cx = fs->width / 2.0, cy = fs->height / 2.0;
    struct pixman_f_transform ft = { { { s, 0, cx - s * cx }, { 0, s, cy - s * cy }, { 0, 0, 1 } } };
    pixman_transform_t t;
    pixman_transform_from_pixman_f_transform(&t, &ft);
    pixman_image_set_transform(fs->img_to_scaled, &t);
    pixman_image_set_filter(fs->img_to_scaled, PIXMAN_FILTER_BILINEAR, NULL, 0);
    pixman_image_set_repeat(fs->img_to_scaled, PIXMAN_REPEAT_NONE);

    make_pieces(fs, 8, 6, &fs->pieces48, &fs->boxes48);
    make_pieces(fs, 20, 20, &fs->pieces400, &fs->boxes400);
}

/* ------------------------------------------------------------------ */
/* The cases                                                           */
/* ------------------------------------------------------------------ */

typedef struct bench_case bench_case;
typedef void (*case_fn)(bench_case *c);

struct bench_case {
    const char *group;   /* floor, pixman, reference, segue */
    const char *name;    /* e.g. memcpy, copy (SRC), .opacity */
    const char *spec;    /* Segue spec, or NULL */
    const char *blend;   /* normal / plusLighter, or NULL */
    const char *note;
    int threads;         /* 1, or the processor count for "all cores" */
    double progress;     /* Segue cases */
    int calls;           /* operations per timed sample (tiny frames) */
    case_fn fn;
    frame_set *fs;
    segue_engine *engine;
    segue_transition *transition;
    segue_scene scene;
    const char *error;
    double estimate_ms;
    double *samples;
    int count, capacity;
};

static void add_sample(bench_case *c, double ms)
{
    if (c->count == c->capacity) {
        c->capacity = c->capacity ? c->capacity * 2 : 64;
        c->samples = realloc(c->samples, (size_t)c->capacity * sizeof *c->samples);
        if (!c->samples)
            die("out of memory");
    }
    c->samples[c->count++] = ms;
}

/* memcpy, banded */
typedef struct { uint8_t *dst; const uint8_t *src; size_t bytes; } copy_job;

static void copy_band(void *ctx, int band, int bands)
{
    copy_job *job = ctx;
    size_t lines = job->bytes / 64, begin = lines * band / bands * 64, end = lines * (band + 1) / bands * 64;
    if (band == bands - 1)
        end = job->bytes;
    memcpy(job->dst + begin, job->src + begin, end - begin);
}

static void case_memcpy_frame(bench_case *c)
{
    copy_job job = { (uint8_t *)c->fs->dst, segue_surface_data(c->fs->from), c->fs->bytes };
    run_bands(copy_band, &job, c->threads);
}

/* The traffic floor: `from` → target (1 frame) and half of `to` → scratch
 * (half a frame), each band doing its share of both copies. */
typedef struct { copy_job whole, half; } floor_job;

static void floor_band(void *ctx, int band, int bands)
{
    floor_job *job = ctx;
    copy_band(&job->whole, band, bands);
    copy_band(&job->half, band, bands);
}

static void case_memcpy_floor(bench_case *c)
{
    frame_set *fs = c->fs;
    floor_job job = { { segue_surface_data(fs->target), segue_surface_data(fs->from), fs->bytes },
                      { (uint8_t *)fs->dst, segue_surface_data(fs->to), fs->bytes / 2 } };
    run_bands(floor_band, &job, c->threads);
}

/* The fused C reference: dst = a·(1−t) + b·t in one pass, per byte, rounded
 * (x + (x >> 8)) >> 8 as pixman does. Written in 16-bit arithmetic, which is
 * exact here (255·255 + 128 + 254 < 65536), so that compilers vectorise it
 * with 16-bit multiplies: in 32-bit arithmetic SSE2 has no packed multiply
 * and the loop runs about 4× slower. The weight comes from the case at run
 * time, and the band function is not inlined, so the one-thread and
 * all-cores rows run the same machine code: with the weight a constant, the
 * compiler turned the one-thread path's multiplies into shifts. */
typedef struct { uint8_t *dst; const uint8_t *a, *b; size_t bytes; unsigned m; } mix_job;

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void mix_band(void *ctx, int band, int bands)
{
    mix_job *job = ctx;
    size_t lines = job->bytes / 64, begin = lines * band / bands * 64, end = lines * (band + 1) / bands * 64;
    if (band == bands - 1)
        end = job->bytes;
    uint8_t *restrict d = job->dst;
    const uint8_t *restrict a = job->a, *restrict b = job->b;
    uint16_t m = (uint16_t)job->m, n = (uint16_t)(255 - job->m);
    for (size_t i = begin; i < end; i++) {
        uint16_t v = (uint16_t)(a[i] * n + b[i] * m + 128);
        d[i] = (uint8_t)((uint16_t)(v + (v >> 8)) >> 8);
    }
}

static void case_fused_mix(bench_case *c)
{
    mix_job job = { (uint8_t *)c->fs->dst, segue_surface_data(c->fs->from), segue_surface_data(c->fs->to),
                    c->fs->bytes, (unsigned)lround(255 * c->progress) };
    run_bands(mix_band, &job, c->threads);
}

/* pixman */
static void case_pixman_copy(bench_case *c)
{
    frame_set *fs = c->fs;
    pixman_image_composite32(PIXMAN_OP_SRC, fs->img_from, NULL, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width, fs->height);
}

static void case_pixman_over_alpha(bench_case *c)
{
    frame_set *fs = c->fs;
    pixman_image_composite32(PIXMAN_OP_OVER, fs->img_alpha, NULL, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width, fs->height);
}

static void case_pixman_over_opaque(bench_case *c)
{
    frame_set *fs = c->fs;
    pixman_image_composite32(PIXMAN_OP_OVER, fs->img_to, NULL, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width, fs->height);
}

static void case_pixman_over_mask(bench_case *c)
{
    frame_set *fs = c->fs;
    pixman_image_composite32(PIXMAN_OP_OVER, fs->img_to, fs->mask_half, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width,
                             fs->height);
}

static void case_pixman_crossfade(bench_case *c)
{
    frame_set *fs = c->fs;
    pixman_image_composite32(PIXMAN_OP_SRC, fs->img_from, NULL, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width, fs->height);
    pixman_image_composite32(PIXMAN_OP_OVER, fs->img_to, fs->mask_half, fs->img_dst, 0, 0, 0, 0, 0, 0, fs->width,
                             fs->height);
}

static void case_pixman_scaled(bench_case *c)
{
    frame_set *fs = c->fs;
    int w = (int)lround(fs->width * 0.9), h = (int)lround(fs->height * 0.9);
    int x = (fs->width - w) / 2, y = (fs->height - h) / 2;
    pixman_image_composite32(PIXMAN_OP_OVER, fs->img_to_scaled, NULL, fs->img_dst, x, y, 0, 0, x, y, w, h);
}

static void draw_pieces(frame_set *fs, pixman_image_t **pieces, pixman_box32_t *boxes, int count)
{
    for (int i = 0; i < count; i++) {
        pixman_box32_t b = boxes[i];
        pixman_image_composite32(PIXMAN_OP_OVER, pieces[i], NULL, fs->img_dst, b.x1, b.y1, 0, 0, b.x1, b.y1,
                                 b.x2 - b.x1, b.y2 - b.y1);
    }
}

static void case_pixman_pieces48(bench_case *c) { draw_pieces(c->fs, c->fs->pieces48, c->fs->boxes48, 48); }
static void case_pixman_pieces400(bench_case *c) { draw_pieces(c->fs, c->fs->pieces400, c->fs->boxes400, 400); }

/* Segue */
static void case_segue(bench_case *c)
{
    if (c->error)
        return;
    segue_status status = segue_render(c->engine, c->transition, c->fs->from, c->fs->to, c->progress, &c->scene,
                                       c->fs->target);
    if (status != SEGUE_OK) {
        static char message[1024];
        snprintf(message, sizeof message, "%s (%s)", segue_last_error(), segue_status_to_string(status));
        c->error = strdup(message);
    }
}

/* One handle checked: segue_surface_width() does nothing else (every call
 * looks its handles up in the library's table before reading them; a
 * segue_render() looks up five). */
static void case_handle_lookup(bench_case *c)
{
    if (segue_surface_width(c->fs->from) <= 0)
        c->error = "the surface was not found";
}

static void run_case(bench_case *c)
{
    for (int i = 0; i < (c->calls > 0 ? c->calls : 1); i++)
        c->fn(c);
}

/* ------------------------------------------------------------------ */
/* Running and reporting                                                */
/* ------------------------------------------------------------------ */

/* See the file comment: warm up, then R rounds of batches, rotating. */
static void measure(bench_case *cases, int count, int rounds, int batch, double cap_ms)
{
    for (int i = 0; i < count; i++) {
        double t0 = now_ms();
        run_case(&cases[i]);
        run_case(&cases[i]);
        cases[i].estimate_ms = (now_ms() - t0) / 2;
    }
    for (int r = 0; r < rounds; r++) {
        fprintf(stderr, "\r  round %d/%d ", r + 1, rounds);
        for (int k = 0; k < count; k++) {
            bench_case *c = &cases[(k + r * 7) % count];
            if (c->error)
                continue;
            int n = batch;
            double share = cap_ms / rounds;
            if (c->estimate_ms > 0 && n * c->estimate_ms > share)
                n = (int)(share / c->estimate_ms);
            if (n < 1)
                n = 1;
            for (int j = 0; j < n; j++) {
                double t0 = now_ms();
                run_case(c);
                double t = now_ms() - t0;
                add_sample(c, c->calls > 0 ? t / c->calls : t);
            }
        }
    }
    fprintf(stderr, "\n");
}

static void report(const bench_case *c, const char *size)
{
    double *sorted = malloc(sizeof(double) * (size_t)(c->count ? c->count : 1));
    memcpy(sorted, c->samples, sizeof(double) * (size_t)c->count);
    qsort(sorted, (size_t)c->count, sizeof(double), cmp_double);
    printf("{\"group\": ");
    json_string(stdout, c->group);
    printf(", \"name\": ");
    json_string(stdout, c->name);
    if (c->spec) {
        printf(", \"spec\": ");
        json_string(stdout, c->spec);
    }
    if (c->blend) {
        printf(", \"blend\": ");
        json_string(stdout, c->blend);
    }
    if (c->note) {
        printf(", \"note\": ");
        json_string(stdout, c->note);
    }
    printf(", \"size\": \"%s\", \"threads\": %d", size, c->threads);
    if (!strcmp(c->group, "segue"))
        printf(", \"progress\": %g", c->progress);
    if (c->calls > 0)
        printf(", \"calls_per_sample\": %d", c->calls);
    if (c->error) {
        printf(", \"error\": ");
        json_string(stdout, c->error);
    }
    if (c->count > 0)
        printf(", \"n\": %d, \"median_ms\": %.6g, \"p25_ms\": %.6g, \"p75_ms\": %.6g, \"min_ms\": %.6g, \"max_ms\": %.6g",
               c->count, quantile(sorted, c->count, 0.5), quantile(sorted, c->count, 0.25),
               quantile(sorted, c->count, 0.75), sorted[0], sorted[c->count - 1]);
    else
        printf(", \"n\": 0");
    printf("}\n");
    free(sorted);
}

static segue_engine *make_engine(int threads)
{
    segue_engine_options options = { .struct_size = sizeof options, .threads = threads };
    segue_engine *engine = NULL;
    segue_status status = segue_engine_create(&options, &engine);
    if (status != SEGUE_OK)
        die_segue("engine", status);
    return engine;
}

typedef struct { char *label, *spec, *blend; } case_arg;

static NORETURN void usage(void)
{
    fprintf(stderr, "usage: segue_bench frames|tiny --from A.png --to B.png [--progress LIST] [--rounds R]\n"
                    "                   [--batch B] [--cap-ms MS] [--calls K] [--case 'LABEL|SPEC|BLEND']...\n");
    exit(2);
}

static int parse_list(const char *text, double *out, int max)
{
    int n = 0;
    char *copy = strdup(text), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item && n < max; item = strtok_r(NULL, ",", &save))
        out[n++] = atof(item);
    free(copy);
    return n;
}

/* Identical bytes from both engines at one progress value: the bands promise. */
static int bands_identical(frame_set *fs, segue_engine *one, segue_engine *all, segue_transition *t1,
                           segue_transition *t2, const segue_scene *scene, double progress)
{
    segue_surface *a = NULL, *b = NULL;
    segue_surface_create(fs->width, fs->height, &a);
    segue_surface_create(fs->width, fs->height, &b);
    int same = segue_render(one, t1, fs->from, fs->to, progress, scene, a) == SEGUE_OK
               && segue_render(all, t2, fs->from, fs->to, progress, scene, b) == SEGUE_OK
               && memcmp(segue_surface_data(a), segue_surface_data(b), (size_t)segue_surface_stride(a) * fs->height) == 0;
    segue_surface_unref(a);
    segue_surface_unref(b);
    return same;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        usage();
    const char *mode = argv[1], *from = NULL, *to = NULL;
    double progress[32];
    int progress_count = parse_list("0.1,0.3,0.5,0.7,0.9", progress, 32);
    int rounds = 10, batch = 3, calls = 1000;
    double cap_ms = 4000;
    case_arg *args = calloc((size_t)argc, sizeof *args);
    int arg_count = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            usage();
        i++;
        if (!strcmp(a, "--from")) from = v;
        else if (!strcmp(a, "--to")) to = v;
        else if (!strcmp(a, "--progress")) progress_count = parse_list(v, progress, 32);
        else if (!strcmp(a, "--rounds")) rounds = atoi(v);
        else if (!strcmp(a, "--batch")) batch = atoi(v);
        else if (!strcmp(a, "--cap-ms")) cap_ms = atof(v);
        else if (!strcmp(a, "--calls")) calls = atoi(v);
        else if (!strcmp(a, "--case")) {
            char *copy = strdup(v), *bar1 = strchr(copy, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
            if (!bar1 || !bar2)
                usage();
            *bar1 = *bar2 = 0;
            args[arg_count++] = (case_arg){ copy, bar1 + 1, bar2 + 1 };
        } else
            usage();
    }
    if (!from || !to || rounds < 1 || batch < 1 || progress_count < 1)
        usage();

    int cpus = processors();
    pool_start(cpus);
    segue_engine *engine_one = make_engine(1), *engine_all = make_engine(0);

    frame_set fs = { 0 };
    frame_set_init(&fs, from, to);
    char size[64];
    snprintf(size, sizeof size, "%dx%d", fs.width, fs.height);
    fprintf(stderr, "segue_bench %s %s: pixman %s, libsegue %s, %d processors\n", mode, size, pixman_version_string(),
            segue_version_string(), cpus);
    printf("{\"group\": \"meta\", \"mode\": \"%s\", \"size\": \"%s\", \"pixman\": \"%s\", \"segue\": \"%s\", "
           "\"processors\": %d, \"frame_bytes\": %zu, \"rounds\": %d, \"batch\": %d, \"cap_ms\": %g}\n",
           mode, size, pixman_version_string(), segue_version_string(), cpus, fs.bytes, rounds, batch, cap_ms);

    int max_cases = 64 + arg_count * progress_count * 2;
    bench_case *cases = calloc((size_t)max_cases, sizeof *cases);
    int count = 0;
#define ADD(...) (cases[count++] = (bench_case){ .fs = &fs, __VA_ARGS__ })

    int tiny = !strcmp(mode, "tiny");
    if (!tiny && strcmp(mode, "frames"))
        usage();
    int thread_counts[2] = { 1, cpus };
    int thread_variants = cpus > 1 ? 2 : 1;

    for (int v = 0; v < (tiny ? 1 : thread_variants); v++) {
        int th = thread_counts[v];
        ADD(.group = "floor", .name = "memcpy of a frame", .threads = th, .fn = case_memcpy_frame,
            .calls = tiny ? calls : 0, .note = "one frame read, one written");
        if (!tiny)
            ADD(.group = "floor", .name = "traffic floor", .threads = th, .fn = case_memcpy_floor,
                .note = "memcpy of 1.5 frames (the two pictures into the render target): the traffic of "
                        "2 frames read + 1 written");
        ADD(.group = "reference", .name = "fused C crossfade", .threads = th, .fn = case_fused_mix,
            .progress = 0.5, .calls = tiny ? calls : 0,
            .note = "dst = a(1-t) + b t at t = 0.5 in one pass, plain C at -O3 (16-bit lanes)");
    }
    ADD(.group = "pixman", .name = "copy (SRC)", .threads = 1, .fn = case_pixman_copy, .calls = tiny ? calls : 0);
    if (tiny)
        ADD(.group = "handles", .name = "one handle looked up (segue_surface_width)", .threads = 1,
            .fn = case_handle_lookup, .calls = 1000 * calls);
    if (!tiny) {
        ADD(.group = "pixman", .name = "OVER, source with alpha", .threads = 1, .fn = case_pixman_over_alpha,
            .note = "alpha ramps 0..255 across the frame, so the all-opaque/all-clear shortcuts seldom apply");
        ADD(.group = "pixman", .name = "OVER, opaque source", .threads = 1, .fn = case_pixman_over_opaque,
            .note = "a8r8g8b8 whose alpha is all 255: pixman's opaque shortcut");
        ADD(.group = "pixman", .name = "OVER with solid 0.5 mask", .threads = 1, .fn = case_pixman_over_mask,
            .note = "the crossfade's second pass");
    }
    ADD(.group = "pixman", .name = "crossfade: copy + masked OVER", .threads = 1, .fn = case_pixman_crossfade,
        .calls = tiny ? calls : 0, .note = "pixman's two-pass crossfade");
    if (!tiny) {
        ADD(.group = "pixman", .name = "bilinear OVER, 0.9 scale about the centre", .threads = 1,
            .fn = case_pixman_scaled, .note = "over the 0.9 x 0.9 rectangle it covers");
        ADD(.group = "pixman", .name = "48 rotated bilinear pieces (8x6)", .threads = 1, .fn = case_pixman_pieces48,
            .note = "explode's default grid, each piece turned up to 0.35 rad, OVER");
        ADD(.group = "pixman", .name = "400 rotated bilinear tiles (20x20)", .threads = 1,
            .fn = case_pixman_pieces400, .note = "the issue's reference figure");
    }

    for (int k = 0; k < arg_count; k++) {
        segue_transition *t_one = NULL, *t_all = NULL;
        segue_status status;
        if ((status = segue_transition_parse(engine_one, args[k].spec, &t_one)) != SEGUE_OK
            || (status = segue_transition_parse(engine_all, args[k].spec, &t_all)) != SEGUE_OK) {
            fprintf(stderr, "segue_bench: %s: %s\n", args[k].spec, segue_last_error());
            printf("{\"group\": \"segue\", \"name\": ");
            json_string(stdout, args[k].label);
            printf(", \"spec\": ");
            json_string(stdout, args[k].spec);
            printf(", \"size\": \"%s\", \"error\": ", size);
            json_string(stdout, segue_last_error());
            printf("}\n");
            continue;
        }
        segue_scene scene = { .struct_size = sizeof scene };
        scene.blend = !strcmp(args[k].blend, "plusLighter") ? SEGUE_BLEND_PLUS_LIGHTER : SEGUE_BLEND_NORMAL;
        if (!tiny && thread_variants > 1) {
            int same = bands_identical(&fs, engine_one, engine_all, t_one, t_all, &scene, 0.5);
            printf("{\"group\": \"bands\", \"name\": ");
            json_string(stdout, args[k].label);
            printf(", \"size\": \"%s\", \"progress\": 0.5, \"identical\": %s}\n", size, same ? "true" : "false");
        }
        for (int v = 0; v < thread_variants; v++) {
            int n = tiny ? 1 : progress_count;
            for (int p = 0; p < n; p++)
                ADD(.group = "segue", .name = args[k].label, .spec = args[k].spec, .blend = args[k].blend,
                    .threads = thread_counts[v], .progress = tiny ? 0.5 : progress[p], .fn = case_segue,
                    .engine = v ? engine_all : engine_one, .transition = v ? t_all : t_one, .scene = scene,
                    .calls = tiny ? calls : 0);
        }
    }
    fflush(stdout);

    measure(cases, count, rounds, batch, cap_ms);
    for (int i = 0; i < count; i++)
        report(&cases[i], size);
    pool_stop();
    return 0;
}
