/* Today's headers, as C compiles them. */
#include "segue.h"
#include "segue/plugin.h"

#define LAYOUT_NAME abi_layouts_now
#include "fields.h"
