/* The libheif functions the tools call, forwarded to libheif opened on
 * first use (see cheif.h). Each definition repeats the prototype of
 * libheif's header, so a mismatch is a compile error; the definitions are
 * hidden, so the library's own references never bind to them. */
#define _GNU_SOURCE
#include "cheif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* F(return type, name, parameters, arguments); V(…) for functions returning void. */
#define SEGUE_HEIF_FUNCTIONS(F, V) \
    F(struct heif_context *, heif_context_alloc, (void), ()) \
    V(heif_context_free, (struct heif_context *context), (context)) \
    F(struct heif_error, heif_context_read_from_memory_without_copy, \
      (struct heif_context *context, const void *mem, size_t size, const struct heif_reading_options *options), \
      (context, mem, size, options)) \
    F(struct heif_error, heif_context_get_primary_image_handle, \
      (struct heif_context *context, struct heif_image_handle **handle), (context, handle)) \
    V(heif_context_set_maximum_image_size_limit, (struct heif_context *context, int maximum_width), \
      (context, maximum_width)) \
    F(int, heif_image_handle_get_ispe_width, (const struct heif_image_handle *handle), (handle)) \
    F(int, heif_image_handle_get_ispe_height, (const struct heif_image_handle *handle), (handle)) \
    V(heif_image_handle_release, (const struct heif_image_handle *handle), (handle)) \
    F(size_t, heif_image_handle_get_raw_color_profile_size, (const struct heif_image_handle *handle), (handle)) \
    F(struct heif_error, heif_image_handle_get_raw_color_profile, \
      (const struct heif_image_handle *handle, void *out_data), (handle, out_data)) \
    F(struct heif_error, heif_decode_image, \
      (const struct heif_image_handle *in_handle, struct heif_image **out_img, enum heif_colorspace colorspace, \
       enum heif_chroma chroma, const struct heif_decoding_options *options), \
      (in_handle, out_img, colorspace, chroma, options)) \
    F(int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    F(int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    F(const uint8_t *, heif_image_get_plane_readonly, \
      (const struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    V(heif_image_release, (const struct heif_image *image), (image))

#define POINTER(type, name, parameters, arguments) static type (*loaded_##name) parameters;
#define VOID_POINTER(name, parameters, arguments) static void (*loaded_##name) parameters;
SEGUE_HEIF_FUNCTIONS(POINTER, VOID_POINTER)

/* A function that answers something, called before segue_heif_load() succeeded: a bug. */
__attribute__((noreturn)) static void not_loaded(const char *name) {
    fprintf(stderr, "segue: %s called before libheif was loaded\n", name);
    abort();
}

/* Those returning nothing do nothing unloaded: they free, or set a limit on,
 * what was never made. */
#define FORWARD(type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        if (!loaded_##name) not_loaded(#name); \
        return loaded_##name arguments; \
    }
#define VOID_FORWARD(name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        if (loaded_##name) loaded_##name arguments; \
    }
SEGUE_HEIF_FUNCTIONS(FORWARD, VOID_FORWARD)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    void *library = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
    if (!library) {
        snprintf(failure, sizeof failure, "cannot load libheif.so.1 (Debian's libheif1): %s", dlerror());
        return;
    }
#define FIND(name) \
    *(void **)&loaded_##name = dlsym(library, #name); \
    if (!loaded_##name) { \
        snprintf(failure, sizeof failure, "libheif has no %s: %s", #name, dlerror()); \
        return; \
    }
#define FIND_FUNCTION(type, name, parameters, arguments) FIND(name)
#define FIND_VOID_FUNCTION(name, parameters, arguments) FIND(name)
    SEGUE_HEIF_FUNCTIONS(FIND_FUNCTION, FIND_VOID_FUNCTION)
}

int segue_heif_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == '\0') return 0;
    if (size > 0) snprintf(error, size, "%s", failure);
    return -1;
}
