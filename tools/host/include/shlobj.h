// <shlobj.h> for the host: the Windows shell's objects (RoM-AND includes it and uses none of it
// but the COM types of <shldisp.h>).
#ifndef CVHOST_SHLOBJ_H
#define CVHOST_SHLOBJ_H
#include <shldisp.h>
#endif
