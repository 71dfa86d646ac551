/*
 * SeguePluginEntry.h — the C side of the Swift plugin kit (SeguePluginKit).
 *
 * A plugin's `.so` must export one const data symbol, `segue_plugin_entry`
 * (segue/plugin.h), which Swift cannot define. This target defines it, once
 * for every Swift plugin, pointing at functions the kit implements in Swift
 * with `@c @implementation` (so the compiler checks them against the
 * declarations below). Plugins never include this header themselves: they
 * write the one declaration `segue_kit_main()` in Swift.
 *
 * Nothing here is exported from a plugin: the version script in
 * plugins/exports.map keeps only `segue_plugin_entry` global.
 */
#ifndef SEGUE_PLUGIN_ENTRY_H
#define SEGUE_PLUGIN_ENTRY_H

/* By relative path: Swift's importer sees no header search path of this
 * target, and the file is the one module CSegue (include/module.modulemap)
 * owns, so Swift sees one set of types. */
#include "../../../../include/segue/plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Written by each plugin (in Swift) ---------------------------- */

/**
 * The plugin's declaration, called once from init(). Each plugin's `.so`
 * target (plugins/<name>/Plugin/Entry.swift) writes, in Swift:
 *
 *     @c @implementation
 *     public func segue_kit_main() { Plugin.declare(SegueClip.plugin) }
 *
 * The kit refers to it weakly: a binary without it (the kit's own tests)
 * still links, and its init() fails with a message saying what is missing.
 */
void segue_kit_main(void);

/* ---- Written by the kit (Swift, @c @implementation) --------------- */

/** segue_plugin_entry.init: saves the host table, runs segue_kit_main(),
 *  builds the descriptors. */
segue_status segue_kit_init(const segue_host *host, const char *path);

/** segue_plugin_entry.effect_count. */
uint32_t segue_kit_effect_count(void);

/** segue_plugin_entry.effect. */
const segue_effect_desc *segue_kit_effect(uint32_t index);

/* ---- Written here, in C ------------------------------------------- */

/** Calls the plugin's segue_kit_main() if the binary defines one; returns
 *  1 if it did, 0 if there is none. */
int32_t segue_kit_call_main(void);

/** Copies the plugin's name and version into the storage that
 *  segue_plugin_entry's `name` and `version` point at (truncated to 255 and
 *  63 bytes). Until init() has run both read "". */
void segue_kit_set_identity(const char *name, const char *version);

/** The entry itself, defined in entry.c. */
extern const segue_plugin segue_plugin_entry;

#ifdef __cplusplus
}
#endif

#endif /* SEGUE_PLUGIN_ENTRY_H */
