/*
 * testplugin.c — one plugin source, many plugins: a valid plugin by default,
 * and with -DBREAK_<KIND> a plugin broken in exactly one way, for the tests
 * of plugin discovery and loading (Tests/system/test_plugins.py).
 *
 *     cc -shared -fPIC -std=c99 -I build/include [-DBREAK_<KIND>] \
 *        [-DEFFECT_ID='"test.x"' -DEFFECT_NAME='"x"' -DPLUGIN_NAME='"X"'] \
 *        Tests/plugins/testplugin.c -o x.so
 *
 * The valid plugin provides one effect (EFFECT_ID, default "test.fade";
 * spec name EFFECT_NAME, default "testFade") that draws the content with
 * opacity `amount` (animatable, 0 → 1), plus a non-animatable enum and a
 * string parameter it ignores. It never links libsegue: it only includes
 * the headers. init() prints "testplugin init <PLUGIN_NAME>" on standard
 * error, so a test can tell whether the host called into a plugin.
 */
#include <segue/plugin.h>

#include <math.h>
#include <stdio.h>

#ifndef EFFECT_ID
#define EFFECT_ID "test.fade"
#endif
#ifndef EFFECT_NAME
#define EFFECT_NAME "testFade"
#endif
#ifndef PLUGIN_NAME
#define PLUGIN_NAME "Test plugin"
#endif

/* ---- What each variant changes ------------------------------------ */

#if defined(BREAK_ABI_NEWER)
#define ABI (SEGUE_PLUGIN_ABI_VERSION + 1)
#elif defined(BREAK_ABI_ZERO)
#define ABI 0
#else
#define ABI SEGUE_PLUGIN_ABI_VERSION
#endif

#ifdef BREAK_ENTRY_SIZE
#define ENTRY_SIZE 8 /* only abi_version and struct_size */
#else
#define ENTRY_SIZE sizeof(segue_plugin)
#endif

#ifdef BREAK_EFFECT_SIZE
#define EFFECT_SIZE offsetof(segue_effect_desc, render)
#else
#define EFFECT_SIZE sizeof(segue_effect_desc)
#endif

#ifdef BREAK_PARAM_SIZE
#define PARAM_SIZE offsetof(segue_param_desc, cases)
#else
#define PARAM_SIZE sizeof(segue_param_desc)
#endif

#if defined(BREAK_NULL_NAME)
#define THE_NAME NULL
#elif defined(BREAK_NAME_NOT_IDENTIFIER)
#define THE_NAME "sliding-door"
#else
#define THE_NAME EFFECT_NAME
#endif

#ifdef BREAK_ID_WITHOUT_VENDOR
#define THE_ID "clip"
#else
#define THE_ID EFFECT_ID
#endif

#ifdef BREAK_SUMMARY_NOT_UTF8
#define THE_SUMMARY "fades \xff\xfe the view" /* 0xFF never occurs in UTF-8 */
#else
#define THE_SUMMARY "fades the view (a test plugin)"
#endif

#ifdef BREAK_UNKNOWN_KIND
#define AMOUNT_KIND 99
#else
#define AMOUNT_KIND SEGUE_KIND_NUMBER
#endif

#ifdef BREAK_UNKNOWN_FLAGS
#define AMOUNT_FLAGS (SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE | 0x40u)
#else
#define AMOUNT_FLAGS (SEGUE_PARAM_ANIMATABLE | SEGUE_PARAM_HAS_RANGE)
#endif

#if defined(BREAK_RANGE_INVERTED)
#define AMOUNT_MIN 1
#define AMOUNT_MAX 0
#elif defined(BREAK_RANGE_NAN)
#define AMOUNT_MIN NAN
#define AMOUNT_MAX 1
#else
#define AMOUNT_MIN 0
#define AMOUNT_MAX 1
#endif

#if defined(BREAK_DEFAULT_WRONG_KIND)
#define AMOUNT_ACTIVE { .kind = SEGUE_KIND_POINT, .point = { 0, 0 } }
#elif defined(BREAK_DEFAULT_OUT_OF_RANGE)
#define AMOUNT_ACTIVE { .kind = SEGUE_KIND_NUMBER, .number = 2 }
#else
#define AMOUNT_ACTIVE { .kind = SEGUE_KIND_NUMBER, .number = 0 }
#endif

#ifdef BREAK_ENUM_NO_CASES
#define STYLE_CASE_COUNT 0
#else
#define STYLE_CASE_COUNT 2
#endif

#ifdef BREAK_ANIMATABLE_STRING
#define LABEL_FLAGS SEGUE_PARAM_ANIMATABLE
#else
#define LABEL_FLAGS 0
#endif

/* ---- The plugin ----------------------------------------------------- */

static const segue_host *host;

#ifdef BREAK_UNDEFINED_SYMBOL
/* Defined nowhere: RTLD_NOW cannot bind it, so dlopen() fails. */
extern int segue_test_function_that_does_not_exist(void);
#endif

static segue_status plugin_init(const segue_host *h, const char *path)
{
    (void)path;
    fprintf(stderr, "testplugin init %s\n", PLUGIN_NAME);
#ifdef BREAK_UNDEFINED_SYMBOL
    if (segue_test_function_that_does_not_exist())
        return SEGUE_ERROR_PLUGIN;
#endif
#ifdef BREAK_INIT_FAILS
    h->log(SEGUE_LOG_WARNING, "testplugin refuses to start");
    return SEGUE_ERROR_IO;
#endif
    host = h;
    return SEGUE_OK;
}

/* Prints "testplugin deinit <PLUGIN_NAME>" so tests can see the host calls it once at exit. */
static void plugin_deinit(void)
{
    fprintf(stderr, "testplugin deinit %s\n", PLUGIN_NAME);
}

static const char *const style_cases[] = { "plain", "fancy" };

#ifdef FUTURE_PARAMS
/* A plugin built against a later header whose segue_param_desc grew: the
 * host must step through the array by struct_size, not by its own sizeof. */
typedef struct future_param {
    segue_param_desc known;
    double added_later[3];
} future_param;
#define PARAM(...) { .known = __VA_ARGS__, .added_later = { 1, 2, 3 } }
#undef PARAM_SIZE
#define PARAM_SIZE sizeof(future_param)
#define PARAM_ARRAY_TYPE future_param
#define PARAMS (&params[0].known)
#else
#define PARAM(...) __VA_ARGS__
#define PARAM_ARRAY_TYPE segue_param_desc
#define PARAMS params
#endif

static const PARAM_ARRAY_TYPE params[] = {
    PARAM({
        .struct_size = PARAM_SIZE,
        .flags = AMOUNT_FLAGS,
        .name = "amount",
        .summary = "0: invisible, 1: the view as it is",
        .kind = AMOUNT_KIND,
        .minimum = AMOUNT_MIN,
        .maximum = AMOUNT_MAX,
        .active = AMOUNT_ACTIVE,
        .identity = { .kind = SEGUE_KIND_NUMBER, .number = 1 },
    }),
    PARAM({
        .struct_size = PARAM_SIZE,
        .flags = 0,
        .name = "style",
        .summary = "ignored",
        .kind = SEGUE_KIND_ENUM,
        .active = { .kind = SEGUE_KIND_ENUM, .text = "plain" },
        .identity = { .kind = SEGUE_KIND_ENUM, .text = "plain" },
        .cases = style_cases,
        .case_count = STYLE_CASE_COUNT,
    }),
    PARAM({
        .struct_size = PARAM_SIZE,
        .flags = LABEL_FLAGS,
        .name = "label",
        .summary = "ignored",
        .kind = SEGUE_KIND_STRING,
        .active = { .kind = SEGUE_KIND_STRING, .text = "hello" },
        .identity = { .kind = SEGUE_KIND_STRING, .text = "hello" },
    }),
};

/* The per-engine instance: nothing to keep, so a pointer to a marker. */
static int instance_marker;

static segue_status effect_create(const segue_effect_desc *effect, void **out_instance)
{
    (void)effect;
#ifdef BREAK_CREATE_FAILS
    *out_instance = NULL;
    return SEGUE_ERROR_OUT_OF_MEMORY;
#else
    *out_instance = &instance_marker;
    return SEGUE_OK;
#endif
}

static void effect_destroy(void *instance)
{
    (void)instance;
}

static segue_status effect_render(void *instance, const segue_value *values, segue_canvas *canvas)
{
    if (instance != NULL && instance != &instance_marker) {
        host->canvas_set_error(canvas, "render() was given an instance create() did not make");
        return SEGUE_ERROR_INVALID_ARGUMENT;
    }
#ifdef BREAK_RENDER_FAILS
    (void)values;
    host->canvas_set_error(canvas, "the test plugin's flux capacitor is empty");
    return SEGUE_ERROR_PLUGIN;
#else
    segue_draw draw = SEGUE_DRAW_DEFAULTS;
    draw.opacity = values[0].number;
    return host->canvas_draw_image(canvas, host->canvas_content(canvas), &draw);
#endif
}

static const segue_effect_desc effects[] = {
    {
        .struct_size = EFFECT_SIZE,
        .id = THE_ID,
        .name = THE_NAME,
        .summary = THE_SUMMARY,
        .params = PARAMS,
        .param_count = sizeof params / sizeof params[0],
        .create = effect_create,
        .destroy = effect_destroy,
#ifdef BREAK_NO_RENDER
        .render = NULL,
#else
        .render = effect_render,
#endif
    },
    /* A second effect with the first one's id (BREAK_DUPLICATE_IN_FILE). */
    {
        .struct_size = sizeof(segue_effect_desc),
        .id = EFFECT_ID,
        .name = EFFECT_NAME "Again",
        .summary = "the same id again",
        .params = PARAMS,
        .param_count = 1,
        .render = effect_render,
    },
};

static uint32_t effect_count(void)
{
#if defined(BREAK_HUGE_COUNT)
    return 100000;
#elif defined(BREAK_DUPLICATE_IN_FILE) || defined(BREAK_EFFECT_NULL)
    return 2;
#else
    return 1;
#endif
}

static const segue_effect_desc *effect_at(uint32_t index)
{
#ifdef BREAK_EFFECT_NULL
    if (index == 1)
        return NULL;
#endif
    return index < 2 ? &effects[index] : NULL;
}

#if defined(BREAK_NO_ENTRY)
/* The right shape under the wrong name. */
SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry_v1 =
#elif defined(BREAK_HIDDEN_ENTRY)
/* Built with -fvisibility=hidden but without SEGUE_PLUGIN_EXPORT. */
__attribute__((visibility("hidden"))) const segue_plugin segue_plugin_entry =
#else
SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry =
#endif
{
    .abi_version = ABI,
    .struct_size = ENTRY_SIZE,
    .name = PLUGIN_NAME,
    .version = "0.0.1",
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = effect_count,
    .effect = effect_at,
};
