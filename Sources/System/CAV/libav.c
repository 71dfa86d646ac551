/* The libav functions the media layer calls, forwarded to FFmpeg's libraries
 * opened on first use (see cav.h). Each definition below repeats the
 * prototype of FFmpeg's header, which cav.h includes, so a mismatch is a
 * compile error. The definitions are hidden: the segue program does not
 * export them, so the libraries' own references never bind to them. */
#define _GNU_SOURCE
#include "cav.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The libraries, in dependency order: file name from the header's major version. */
#define SEGUE_AV_LIBRARIES(L) \
    L(avutil, "libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR)) \
    L(swresample, "libswresample.so." AV_STRINGIFY(LIBSWRESAMPLE_VERSION_MAJOR)) \
    L(swscale, "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR)) \
    L(avcodec, "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR)) \
    L(avformat, "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR)) \
    L(avfilter, "libavfilter.so." AV_STRINGIFY(LIBAVFILTER_VERSION_MAJOR))

/* F(library, return type, name, parameters, arguments); V(…) for functions returning void. */
#define SEGUE_AV_FUNCTIONS(F, V) \
    F(avutil, int, av_channel_layout_copy, (AVChannelLayout *dst, const AVChannelLayout *src), (dst, src)) \
    V(avutil, av_channel_layout_default, (AVChannelLayout *ch_layout, int nb_channels), (ch_layout, nb_channels)) \
    F(avutil, double, av_display_rotation_get, (const int32_t matrix[9]), (matrix)) \
    F(avutil, AVFrame *, av_frame_alloc, (void), ()) \
    F(avutil, AVFrame *, av_frame_clone, (const AVFrame *src), (src)) \
    V(avutil, av_frame_free, (AVFrame **frame), (frame)) \
    F(avutil, int, av_frame_get_buffer, (AVFrame *frame, int align), (frame, align)) \
    F(avutil, int, av_frame_make_writable, (AVFrame *frame), (frame)) \
    F(avutil, AVFrameSideData *, av_frame_get_side_data, (const AVFrame *frame, enum AVFrameSideDataType type), \
      (frame, type)) \
    V(avutil, av_frame_move_ref, (AVFrame *dst, AVFrame *src), (dst, src)) \
    V(avutil, av_frame_unref, (AVFrame *frame), (frame)) \
    V(avutil, av_free, (void *ptr), (ptr)) \
    F(avutil, int, av_get_cpu_flags, (void), ()) \
    F(avutil, const char *, av_get_pix_fmt_name, (enum AVPixelFormat pix_fmt), (pix_fmt)) \
    V(avutil, av_log_default_callback, (void *avcl, int level, const char *fmt, va_list vl), (avcl, level, fmt, vl)) \
    V(avutil, av_log_set_callback, (void (*callback)(void *, int, const char *, va_list)), (callback)) \
    V(avutil, av_log_set_level, (int level), (level)) \
    F(avutil, void *, av_malloc, (size_t size), (size)) \
    F(avutil, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), \
      (obj, name, val, search_flags)) \
    F(avutil, int, av_opt_set_double, (void *obj, const char *name, double val, int search_flags), \
      (obj, name, val, search_flags)) \
    F(avutil, const AVPixFmtDescriptor *, av_pix_fmt_desc_get, (enum AVPixelFormat pix_fmt), (pix_fmt)) \
    F(avutil, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size)) \
    F(swresample, int, swr_alloc_set_opts2, \
      (struct SwrContext **ps, AVChannelLayout *out_ch_layout, enum AVSampleFormat out_sample_fmt, \
       int out_sample_rate, AVChannelLayout *in_ch_layout, enum AVSampleFormat in_sample_fmt, int in_sample_rate, \
       int log_offset, void *log_ctx), \
      (ps, out_ch_layout, out_sample_fmt, out_sample_rate, in_ch_layout, in_sample_fmt, in_sample_rate, log_offset, \
       log_ctx)) \
    F(swresample, int, swr_convert, \
      (struct SwrContext *s, uint8_t **out, int out_count, const uint8_t **in, int in_count), \
      (s, out, out_count, in, in_count)) \
    V(swresample, swr_free, (struct SwrContext **s), (s)) \
    F(swresample, int, swr_get_out_samples, (struct SwrContext *s, int in_samples), (s, in_samples)) \
    F(swresample, int, swr_init, (struct SwrContext *s), (s)) \
    V(swscale, sws_freeContext, (struct SwsContext *swsContext), (swsContext)) \
    F(swscale, const int *, sws_getCoefficients, (int colorspace), (colorspace)) \
    F(swscale, struct SwsContext *, sws_getContext, \
      (int srcW, int srcH, enum AVPixelFormat srcFormat, int dstW, int dstH, enum AVPixelFormat dstFormat, \
       int flags, SwsFilter *srcFilter, SwsFilter *dstFilter, const double *param), \
      (srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)) \
    F(swscale, int, sws_scale, \
      (struct SwsContext *c, const uint8_t *const srcSlice[], const int srcStride[], int srcSliceY, int srcSliceH, \
       uint8_t *const dst[], const int dstStride[]), \
      (c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)) \
    F(swscale, int, sws_setColorspaceDetails, \
      (struct SwsContext *c, const int inv_table[4], int srcRange, const int table[4], int dstRange, \
       int brightness, int contrast, int saturation), \
      (c, inv_table, srcRange, table, dstRange, brightness, contrast, saturation)) \
    F(avcodec, int, av_codec_is_encoder, (const AVCodec *codec), (codec)) \
    F(avcodec, AVPacket *, av_packet_alloc, (void), ()) \
    V(avcodec, av_packet_free, (AVPacket **pkt), (pkt)) \
    V(avcodec, av_packet_unref, (AVPacket *pkt), (pkt)) \
    F(avcodec, int, av_new_packet, (AVPacket *pkt, int size), (pkt, size)) \
    F(avcodec, int, av_packet_make_writable, (AVPacket *pkt), (pkt)) \
    V(avcodec, av_shrink_packet, (AVPacket *pkt, int size), (pkt, size)) \
    F(avcodec, AVCodecParameters *, avcodec_parameters_alloc, (void), ()) \
    F(avcodec, int, avcodec_parameters_copy, (AVCodecParameters *dst, const AVCodecParameters *src), (dst, src)) \
    V(avcodec, avcodec_parameters_free, (AVCodecParameters **par), (par)) \
    V(avcodec, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst)) \
    F(avcodec, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec)) \
    F(avcodec, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id)) \
    F(avcodec, const AVCodec *, avcodec_find_decoder_by_name, (const char *name), (name)) \
    F(avcodec, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name)) \
    V(avcodec, avcodec_flush_buffers, (AVCodecContext *avctx), (avctx)) \
    V(avcodec, avcodec_free_context, (AVCodecContext **avctx), (avctx)) \
    F(avcodec, const char *, avcodec_get_name, (enum AVCodecID id), (id)) \
    F(avcodec, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options), \
      (avctx, codec, options)) \
    F(avcodec, int, avcodec_parameters_from_context, (AVCodecParameters *par, const AVCodecContext *codec), \
      (par, codec)) \
    F(avcodec, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), \
      (codec, par)) \
    F(avcodec, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame)) \
    F(avcodec, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt)) \
    F(avcodec, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame)) \
    F(avcodec, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt)) \
    F(avformat, AVRational, av_guess_sample_aspect_ratio, (AVFormatContext *format, AVStream *stream, AVFrame *frame), \
      (format, stream, frame)) \
    F(avformat, int, av_find_best_stream, \
      (AVFormatContext *ic, enum AVMediaType type, int wanted_stream_nb, int related_stream, \
       const AVCodec **decoder_ret, int flags), \
      (ic, type, wanted_stream_nb, related_stream, decoder_ret, flags)) \
    F(avformat, int, av_interleaved_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    F(avformat, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt)) \
    F(avformat, int, av_seek_frame, (AVFormatContext *s, int stream_index, int64_t timestamp, int flags), \
      (s, stream_index, timestamp, flags)) \
    F(avformat, uint8_t *, av_stream_get_side_data, \
      (const AVStream *stream, enum AVPacketSideDataType type, size_t *size), (stream, type, size)) \
    F(avformat, int, av_stream_add_side_data, \
      (AVStream *st, enum AVPacketSideDataType type, uint8_t *data, size_t size), (st, type, data, size)) \
    F(avformat, int, av_write_trailer, (AVFormatContext *s), (s)) \
    F(avformat, int, avformat_alloc_output_context2, \
      (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename), \
      (ctx, oformat, format_name, filename)) \
    V(avformat, avformat_close_input, (AVFormatContext **s), (s)) \
    F(avformat, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options)) \
    V(avformat, avformat_free_context, (AVFormatContext *s), (s)) \
    F(avformat, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c)) \
    F(avformat, int, avformat_open_input, \
      (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options), \
      (ps, url, fmt, options)) \
    F(avformat, int, avformat_query_codec, (const AVOutputFormat *ofmt, enum AVCodecID codec_id, int std_compliance), \
      (ofmt, codec_id, std_compliance)) \
    F(avformat, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options)) \
    F(avformat, AVIOContext *, avio_alloc_context, \
      (unsigned char *buffer, int buffer_size, int write_flag, void *opaque, \
       int (*read_packet)(void *opaque, uint8_t *buf, int buf_size), \
       int (*write_packet)(void *opaque, uint8_t *buf, int buf_size), \
       int64_t (*seek)(void *opaque, int64_t offset, int whence)), \
      (buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek)) \
    V(avformat, avio_context_free, (AVIOContext **s), (s)) \
    V(avformat, avio_flush, (AVIOContext *s), (s)) \
    F(avformat, int64_t, avio_seek, (AVIOContext *s, int64_t offset, int whence), (s, offset, whence)) \
    F(avformat, int64_t, avio_size, (AVIOContext *s), (s)) \
    F(avfilter, int, av_buffersink_get_frame, (AVFilterContext *ctx, AVFrame *frame), (ctx, frame)) \
    F(avfilter, int, av_buffersrc_add_frame_flags, (AVFilterContext *buffer_src, AVFrame *frame, int flags), \
      (buffer_src, frame, flags)) \
    F(avfilter, int, avfilter_graph_config, (AVFilterGraph *graphctx, void *log_ctx), (graphctx, log_ctx)) \
    F(avfilter, AVFilterGraph *, avfilter_graph_alloc, (void), ()) \
    V(avfilter, avfilter_graph_free, (AVFilterGraph **graph), (graph)) \
    F(avfilter, int, avfilter_graph_parse_ptr, \
      (AVFilterGraph *graph, const char *filters, AVFilterInOut **inputs, AVFilterInOut **outputs, void *log_ctx), \
      (graph, filters, inputs, outputs, log_ctx))

/* The loaded functions. */
#define POINTER(library, type, name, parameters, arguments) static type (*loaded_##name) parameters;
#define VOID_POINTER(library, name, parameters, arguments) static void (*loaded_##name) parameters;
SEGUE_AV_FUNCTIONS(POINTER, VOID_POINTER)

/* A function that answers something, called before segue_av_load() succeeded:
 * a bug in the media layer, which loads the libraries before it opens anything. */
__attribute__((noreturn)) static void not_loaded(const char *name) {
    fprintf(stderr, "segue: %s called before FFmpeg's libraries were loaded\n", name);
    abort();
}

/* The forwarding definitions. Those returning nothing do nothing while the
 * libraries are not loaded: the frees among them run from the deinits of
 * objects made before a load failed, and have nothing of FFmpeg's to free. */
#define FORWARD(library, type, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) type name parameters { \
        if (!loaded_##name) not_loaded(#name); \
        return loaded_##name arguments; \
    }
#define VOID_FORWARD(library, name, parameters, arguments) \
    __attribute__((visibility("hidden"))) void name parameters { \
        if (loaded_##name) loaded_##name arguments; \
    }
SEGUE_AV_FUNCTIONS(FORWARD, VOID_FORWARD)

/* What FFmpeg last logged at error level on this thread: its error codes
 * alone can mislead (a YUV4MPEG2 header with an impossible picture size
 * fails with EBUSY, and the reason is only logged). */
static _Thread_local char last_error[256];

/* FFmpeg's log callback: keeps the line, then logs it as FFmpeg would. */
static void keep_and_log(void *context, int level, const char *format, va_list arguments) {
    if (level <= AV_LOG_ERROR) {
        va_list copy;
        va_copy(copy, arguments);
        vsnprintf(last_error, sizeof last_error, format, copy);
        va_end(copy);
        size_t length = strlen(last_error);
        while (length > 0 && (last_error[length - 1] == '\n' || last_error[length - 1] == '.'))
            last_error[--length] = '\0';
    }
    av_log_default_callback(context, level, format, arguments);
}

void segue_av_keep_errors(void) {
    av_log_set_callback(keep_and_log);
}

const char *segue_av_last_error(void) {
    return last_error;
}

void segue_av_forget_error(void) {
    last_error[0] = '\0';
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

/* Opens every library and finds every function, or says in `failure` why not. */
static void load(void) {
#define OPEN(library, file) \
    void *library = dlopen(file, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE); \
    if (!library) { \
        snprintf(failure, sizeof failure, "cannot load FFmpeg's %s: %s", file, dlerror()); \
        return; \
    }
    SEGUE_AV_LIBRARIES(OPEN)
#define FIND(library, name) \
    *(void **)&loaded_##name = dlsym(library, #name); \
    if (!loaded_##name) { \
        snprintf(failure, sizeof failure, "FFmpeg's lib%s has no %s: %s", #library, #name, dlerror()); \
        return; \
    }
#define FIND_FUNCTION(library, type, name, parameters, arguments) FIND(library, name)
#define FIND_VOID_FUNCTION(library, name, parameters, arguments) FIND(library, name)
    SEGUE_AV_FUNCTIONS(FIND_FUNCTION, FIND_VOID_FUNCTION)
}

int segue_av_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == '\0') return 0;
    if (size > 0) snprintf(error, size, "%s", failure);
    return -1;
}
