/* FFmpeg's libraries for Swift: the tools' media layer (never libsegue.so).
 *
 * The libraries are not linked: segue_av_load() opens them the first time a
 * media file is met, so commands that never touch one (a render of two PNGs,
 * `segue list`) do not pay for loading libav and its hundred-odd codec
 * libraries at start-up. Every libav function the media layer calls is
 * defined in libav.c with the prototype of FFmpeg's own header (the compiler
 * checks each one) and forwards to the loaded library.
 *
 * Function-like macros do not reach Swift; the inline functions below stand
 * in for the few the media layer needs. */
#ifndef SEGUE_CAV_H
#define SEGUE_CAV_H

#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/cpu.h>
#include <libavutil/display.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/imgutils.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int segue_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t segue_av_nopts_value(void) { return AV_NOPTS_VALUE; }

/* Opens FFmpeg's six libraries, by the sonames of the headers built
 * against, and finds every function the media layer calls. Call it before
 * any other libav function; calls after the first return its result
 * without loading again. Returns 0, or -1 with the reason (the library or
 * function missing, as the dynamic loader says it) in `error`, which
 * holds `size` bytes. [thread-safe] */
int segue_av_load(char *error, size_t size);

/* Keeps the last line FFmpeg logs at error level on each thread (as well
 * as logging it), for messages. Call once, after segue_av_load(). */
void segue_av_keep_errors(void);

/* The last line FFmpeg logged at error level on this thread, without its
 * final newline; "" when none since segue_av_forget_error(). Valid until
 * the thread's next libav call. [thread-safe] */
const char *segue_av_last_error(void);

/* Forgets this thread's last error line. [thread-safe] */
void segue_av_forget_error(void);

#endif
