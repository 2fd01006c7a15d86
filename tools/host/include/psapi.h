// <psapi.h> for the host: the process's memory counters (K-Mod's and Realism Invictus's memory
// logs, RI's graphical paging). Only the working set is known: the resident size, read from
// /proc/self/statm in tools/host/runtime/CvHostWindows.cpp; the other counters are 0.
#ifndef CVHOST_PSAPI_H
#define CVHOST_PSAPI_H

#include <windows.h>

typedef struct _PROCESS_MEMORY_COUNTERS {
	DWORD cb;
	DWORD PageFaultCount;
	size_t PeakWorkingSetSize;
	size_t WorkingSetSize;
	size_t QuotaPeakPagedPoolUsage;
	size_t QuotaPagedPoolUsage;
	size_t QuotaPeakNonPagedPoolUsage;
	size_t QuotaNonPagedPoolUsage;
	size_t PagefileUsage;
	size_t PeakPagefileUsage;
} PROCESS_MEMORY_COUNTERS;
typedef PROCESS_MEMORY_COUNTERS* PPROCESS_MEMORY_COUNTERS;

#ifdef __cplusplus
extern "C" {
#endif
BOOL GetProcessMemoryInfo(HANDLE process, PROCESS_MEMORY_COUNTERS* counters, DWORD size);
#ifdef __cplusplus
}
#endif

#endif
