/* The table both layout files build: include it after the headers of one
 * release, with LAYOUT_NAME defined as the function to define and
 * RELEASE_0_1 set when those headers are 0.1.0's (which lack later fields
 * and structs). STRUCT(type) starts a struct's rows, FIELD(type, field) adds one. */
#include "abi_layouts.h"

#define STRUCT(type) { #type, NULL, 0, sizeof(type) },
#define FIELD(type, field) { #type, #field, offsetof(type, field), sizeof(((type *)0)->field) },

static const abi_layout layouts[] = {
    STRUCT(segue_color) FIELD(segue_color, red) FIELD(segue_color, green) FIELD(segue_color, blue)
        FIELD(segue_color, alpha)
    STRUCT(segue_point) FIELD(segue_point, x) FIELD(segue_point, y)
    STRUCT(segue_value) FIELD(segue_value, kind) FIELD(segue_value, number) FIELD(segue_value, point)
        FIELD(segue_value, color) FIELD(segue_value, text)
    STRUCT(segue_param) FIELD(segue_param, name) FIELD(segue_param, value)
    STRUCT(segue_rect) FIELD(segue_rect, x) FIELD(segue_rect, y) FIELD(segue_rect, width) FIELD(segue_rect, height)
    STRUCT(segue_affine) FIELD(segue_affine, a) FIELD(segue_affine, b) FIELD(segue_affine, c) FIELD(segue_affine, d)
        FIELD(segue_affine, tx) FIELD(segue_affine, ty)
    STRUCT(segue_draw) FIELD(segue_draw, struct_size) FIELD(segue_draw, blend) FIELD(segue_draw, transform)
        FIELD(segue_draw, opacity) FIELD(segue_draw, crop) FIELD(segue_draw, clip) FIELD(segue_draw, clip_rule)
        FIELD(segue_draw, tint) FIELD(segue_draw, channels)
#ifndef RELEASE_0_1
        FIELD(segue_draw, filter)
#endif
    STRUCT(segue_text_style) FIELD(segue_text_style, struct_size) FIELD(segue_text_style, family)
        FIELD(segue_text_style, size) FIELD(segue_text_style, bold) FIELD(segue_text_style, color)
    STRUCT(segue_text_metrics) FIELD(segue_text_metrics, width) FIELD(segue_text_metrics, ascent)
        FIELD(segue_text_metrics, descent)
#ifndef RELEASE_0_1
    STRUCT(segue_distortion) FIELD(segue_distortion, struct_size) FIELD(segue_distortion, map)
        FIELD(segue_distortion, context) FIELD(segue_distortion, release) FIELD(segue_distortion, max_sample_offset)
#endif
    STRUCT(segue_host) FIELD(segue_host, struct_size) FIELD(segue_host, abi_version) FIELD(segue_host, version)
        FIELD(segue_host, log) FIELD(segue_host, canvas_frame) FIELD(segue_host, canvas_content)
        FIELD(segue_host, canvas_draw_image) FIELD(segue_host, canvas_fill_path) FIELD(segue_host, canvas_draw_text)
        FIELD(segue_host, measure_text) FIELD(segue_host, canvas_begin_layer) FIELD(segue_host, canvas_end_layer)
        FIELD(segue_host, canvas_rasterize) FIELD(segue_host, canvas_set_error) FIELD(segue_host, image_create)
        FIELD(segue_host, image_release) FIELD(segue_host, image_pixels) FIELD(segue_host, path_create)
        FIELD(segue_host, path_destroy) FIELD(segue_host, path_move_to) FIELD(segue_host, path_line_to)
        FIELD(segue_host, path_quad_to) FIELD(segue_host, path_cubic_to) FIELD(segue_host, path_arc)
        FIELD(segue_host, path_add_rect) FIELD(segue_host, path_add_rounded_rect) FIELD(segue_host, path_add_ellipse)
        FIELD(segue_host, path_close) FIELD(segue_host, canvas_is_cancelled)
#ifndef RELEASE_0_1
        FIELD(segue_host, canvas_draw_distorted) FIELD(segue_host, canvas_partner) FIELD(segue_host, canvas_peek)
        FIELD(segue_host, canvas_is_opaque)
#endif
    STRUCT(segue_param_desc) FIELD(segue_param_desc, struct_size) FIELD(segue_param_desc, flags)
        FIELD(segue_param_desc, name) FIELD(segue_param_desc, summary) FIELD(segue_param_desc, kind)
        FIELD(segue_param_desc, minimum) FIELD(segue_param_desc, maximum) FIELD(segue_param_desc, active)
        FIELD(segue_param_desc, identity) FIELD(segue_param_desc, cases) FIELD(segue_param_desc, case_count)
#ifndef RELEASE_0_1
        FIELD(segue_param_desc, removal)
#endif
    STRUCT(segue_effect_desc) FIELD(segue_effect_desc, struct_size) FIELD(segue_effect_desc, id)
        FIELD(segue_effect_desc, name) FIELD(segue_effect_desc, summary) FIELD(segue_effect_desc, params)
        FIELD(segue_effect_desc, param_count) FIELD(segue_effect_desc, create) FIELD(segue_effect_desc, destroy)
        FIELD(segue_effect_desc, render)
#ifndef RELEASE_0_1
        FIELD(segue_effect_desc, flags)
#endif
    STRUCT(segue_plugin) FIELD(segue_plugin, abi_version) FIELD(segue_plugin, struct_size) FIELD(segue_plugin, name)
        FIELD(segue_plugin, version) FIELD(segue_plugin, init) FIELD(segue_plugin, deinit)
        FIELD(segue_plugin, effect_count) FIELD(segue_plugin, effect)
    STRUCT(segue_engine_options) FIELD(segue_engine_options, struct_size) FIELD(segue_engine_options, threads)
        FIELD(segue_engine_options, plugin_path) FIELD(segue_engine_options, flags)
#ifndef RELEASE_0_1
        FIELD(segue_engine_options, max_primitives)
        FIELD(segue_engine_options, max_pixels) FIELD(segue_engine_options, max_layer_bytes)
#endif
    STRUCT(segue_plugin_info) FIELD(segue_plugin_info, struct_size) FIELD(segue_plugin_info, loaded)
        FIELD(segue_plugin_info, path) FIELD(segue_plugin_info, name) FIELD(segue_plugin_info, version)
        FIELD(segue_plugin_info, reason) FIELD(segue_plugin_info, effect_count)
    STRUCT(segue_effect_info) FIELD(segue_effect_info, struct_size) FIELD(segue_effect_info, param_count)
        FIELD(segue_effect_info, id) FIELD(segue_effect_info, name) FIELD(segue_effect_info, summary)
        FIELD(segue_effect_info, plugin_path)
#ifndef RELEASE_0_1
    STRUCT(segue_pixels) FIELD(segue_pixels, struct_size) FIELD(segue_pixels, format) FIELD(segue_pixels, matrix)
        FIELD(segue_pixels, range) FIELD(segue_pixels, width) FIELD(segue_pixels, height)
        FIELD(segue_pixels, planes) FIELD(segue_pixels, strides)
#endif
    STRUCT(segue_scene) FIELD(segue_scene, struct_size) FIELD(segue_scene, width) FIELD(segue_scene, height)
        FIELD(segue_scene, background) FIELD(segue_scene, placement) FIELD(segue_scene, stacking)
        FIELD(segue_scene, blend) FIELD(segue_scene, cancel)
};

const abi_layout *LAYOUT_NAME(size_t *out_count)
{
    *out_count = sizeof layouts / sizeof layouts[0];
    return layouts;
}
