/* libwebp's demuxer (WebPAnimDecoder), seen as CWebP.Demux. */
#ifndef SEGUE_CWEBP_DEMUX_H
#define SEGUE_CWEBP_DEMUX_H

#include <webp/decode.h>
#include <webp/demux.h>

#endif
