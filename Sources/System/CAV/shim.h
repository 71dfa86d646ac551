/* FFmpeg's libraries for Swift (the tools' media layer, never libsegue.so).
 * Function-like macros do not reach Swift; the inline functions below stand
 * in for the few the media layer needs. */
#ifndef SEGUE_CAV_SHIM_H
#define SEGUE_CAV_SHIM_H

#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

static inline int segue_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int segue_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t segue_av_nopts_value(void) { return AV_NOPTS_VALUE; }

#endif
