// <dbghelp.h> for the host: the crash dump that RoM-AND's unhandled-exception filter writes. No
// Windows exception reaches a filter on Linux (a fault is a signal, which the host reports itself),
// so no dump is written: MiniDumpWriteDump answers FALSE.
#ifndef CVHOST_DBGHELP_H
#define CVHOST_DBGHELP_H

#include <windows.h>

typedef enum _MINIDUMP_TYPE {
	MiniDumpNormal = 0x0,
	MiniDumpWithDataSegs = 0x1,
	MiniDumpWithFullMemory = 0x2,
	MiniDumpWithHandleData = 0x4,
	MiniDumpWithIndirectlyReferencedMemory = 0x40,
	MiniDumpWithPrivateReadWriteMemory = 0x200,
	MiniDumpWithThreadInfo = 0x1000
} MINIDUMP_TYPE;

typedef struct _MINIDUMP_EXCEPTION_INFORMATION {
	DWORD ThreadId;
	EXCEPTION_POINTERS* ExceptionPointers;
	BOOL ClientPointers;
} MINIDUMP_EXCEPTION_INFORMATION, *PMINIDUMP_EXCEPTION_INFORMATION;

typedef void* PMINIDUMP_USER_STREAM_INFORMATION;
typedef void* PMINIDUMP_CALLBACK_INFORMATION;

static inline BOOL MiniDumpWriteDump(HANDLE process, DWORD processId, HANDLE file, MINIDUMP_TYPE type,
                                     PMINIDUMP_EXCEPTION_INFORMATION exception, PMINIDUMP_USER_STREAM_INFORMATION streams,
                                     PMINIDUMP_CALLBACK_INFORMATION callback) {
	(void)process; (void)processId; (void)file; (void)type; (void)exception; (void)streams; (void)callback;
	return FALSE;
}

#endif
