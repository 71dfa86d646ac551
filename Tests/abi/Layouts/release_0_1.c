/* Release 0.1.0's frozen headers, found by path so that they, not today's,
 * are the ones compiled here. */
#include "../0.1/include/segue.h"
#include "../0.1/include/segue/plugin.h"

#define LAYOUT_NAME abi_layouts_release_0_1
#define RELEASE_0_1
#include "fields.h"
