// <crtdbg.h> for the host: the debug heap's checks do nothing.
#ifndef CVHOST_CRTDBG_H
#define CVHOST_CRTDBG_H
#define _ASSERT(e) ((void)0)
#define _ASSERTE(e) ((void)0)
#define _CrtCheckMemory() 1
#define _CrtSetDbgFlag(f) 0
#endif
