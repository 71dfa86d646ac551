/* dlfcn.h with the GNU extensions (dladdr, RTLD_NODELETE) visible to Swift. */
#ifndef SEGUE_CDYNAMICLOADER_SHIM_H
#define SEGUE_CDYNAMICLOADER_SHIM_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>

#endif
