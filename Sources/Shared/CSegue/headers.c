/* The public headers as a C target: SwiftPM tracks a C target's headers, so
 * a change to any of them rebuilds every Swift module that imports CSegue
 * (a system-library target's headers are not tracked, and a stale module
 * would keep the old struct layouts). Compiling them here, alone, also checks
 * that each header stands on its own in C. */
#include "segue.h"
#include "segue/plugin.h"
