/* libwebp for Swift: the encoder and the muxer (WebPAnimEncoder). */
#ifndef SEGUE_CWEBP_SHIM_H
#define SEGUE_CWEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
