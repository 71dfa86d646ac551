/*
 * entry.c — the exported `segue_plugin_entry` of every Swift plugin.
 *
 * See include/SeguePluginEntry.h. The functions it points at are the kit's
 * (Swift); the name and version are copied in from the plugin's declaration
 * when init() runs.
 */
#include "SeguePluginEntry.h"

#include <string.h>

/* The plugin's own declaration, referred to weakly (see the header). */
#pragma weak segue_kit_main

static char plugin_name[256];
static char plugin_version[64];

int32_t segue_kit_call_main(void) {
    if (!segue_kit_main) {
        return 0;
    }
    segue_kit_main();
    return 1;
}

static void copy_text(char *destination, size_t capacity, const char *source) {
    size_t length = source ? strlen(source) : 0;
    if (length >= capacity) {
        length = capacity - 1;
    }
    if (length > 0) {
        memcpy(destination, source, length);
    }
    destination[length] = '\0';
}

void segue_kit_set_identity(const char *name, const char *version) {
    copy_text(plugin_name, sizeof plugin_name, name);
    copy_text(plugin_version, sizeof plugin_version, version);
}

SEGUE_PLUGIN_EXPORT const segue_plugin segue_plugin_entry = {
    .abi_version = SEGUE_PLUGIN_ABI_VERSION,
    .struct_size = sizeof(segue_plugin),
    .name = plugin_name,
    .version = plugin_version,
    .init = segue_kit_init,
    .deinit = NULL,
    .effect_count = segue_kit_effect_count,
    .effect = segue_kit_effect,
};
