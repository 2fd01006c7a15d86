// The Windows functions a core calls (include/windows.h), as a program without a window does them:
// debug output and message boxes go to the host's log (CvHostLog), timers read the monotonic clock,
// keys are never down, the module is the host program, and code patching is refused.
#include <psapi.h>
#include <shldisp.h>
#include <windows.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "CvHostLog.h"

static long long monotonicMicroseconds()
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000;
}

extern "C"
{

	void OutputDebugStringA(const char* s) { cvHostLog().debug(s ? s : ""); }

	void OutputDebugStringW(const wchar_t* s)
	{
		std::string narrow;
		for (; s && *s; ++s) narrow += *s < 0x80 ? (char)*s : '?';
		cvHostLog().debug(narrow.c_str());
	}

	int MessageBoxA(HWND, const char* text, const char* caption, UINT)
	{
		cvHostLog().messageBox(caption ? caption : "", text ? text : "");
		return IDOK;
	}

	int MessageBoxW(HWND, const wchar_t* text, const wchar_t* caption, UINT type)
	{
		std::string t, c;
		for (; text && *text; ++text) t += *text < 0x80 ? (char)*text : '?';
		for (; caption && *caption; ++caption) c += *caption < 0x80 ? (char)*caption : '?';
		return MessageBoxA(NULL, t.c_str(), c.c_str(), type);
	}

	DWORD timeGetTime(void) { return (DWORD)(monotonicMicroseconds() / 1000); }
	UINT timeBeginPeriod(UINT) { return 0; }
	UINT timeEndPeriod(UINT) { return 0; }
	DWORD GetTickCount(void) { return timeGetTime(); }

	BOOL QueryPerformanceCounter(LARGE_INTEGER* count)
	{
		count->QuadPart = monotonicMicroseconds();
		return TRUE;
	}

	BOOL QueryPerformanceFrequency(LARGE_INTEGER* frequency)
	{
		frequency->QuadPart = 1000000;
		return TRUE;
	}

	DWORD GetModuleFileNameA(HMODULE, char* name, DWORD size)
	{
		if (!name || !size) return 0;
		ssize_t n = readlink("/proc/self/exe", name, size - 1);
		if (n < 0) n = 0;
		name[n] = 0;
		return (DWORD)n;
	}

	HMODULE GetModuleHandleA(const char*) { return (HMODULE)1; }

	BOOL GetModuleHandleExA(DWORD, const char*, HMODULE* module)
	{
		if (module) *module = (HMODULE)1;
		return TRUE;
	}

	SHORT GetKeyState(int) { return 0; }
	SHORT GetAsyncKeyState(int) { return 0; }

	void Sleep(DWORD milliseconds) { usleep((useconds_t)milliseconds * 1000); }
	DWORD GetCurrentThreadId(void) { return 1; }
	HANDLE GetCurrentProcess(void) { return (HANDLE)-1; }

	// The working set is the resident size (/proc/self/statm's second field, in pages); its peak is
	// not kept, so it is the same.
	BOOL GetProcessMemoryInfo(HANDLE, PROCESS_MEMORY_COUNTERS* counters, DWORD size)
	{
		if (!counters || size < sizeof(PROCESS_MEMORY_COUNTERS)) return FALSE;
		memset(counters, 0, sizeof(PROCESS_MEMORY_COUNTERS));
		counters->cb = sizeof(PROCESS_MEMORY_COUNTERS);
		unsigned long pages = 0, resident = 0;
		FILE* statm = fopen("/proc/self/statm", "r");
		if (!statm) return FALSE;
		int read = fscanf(statm, "%lu %lu", &pages, &resident);
		fclose(statm);
		if (read != 2) return FALSE;
		counters->WorkingSetSize = (size_t)resident * (size_t)sysconf(_SC_PAGESIZE);
		counters->PeakWorkingSetSize = counters->WorkingSetSize;
		return TRUE;
	}
	DWORD GetLastError(void) { return (DWORD)errno; }

	// Realism Invictus's SelfMod.cpp patches the executable's machine code: refused, so it does nothing.
	BOOL VirtualProtect(LPVOID, size_t, DWORD, DWORD*) { return FALSE; }

	void DebugBreak(void) { abort(); }

	int MulDiv(int number, int numerator, int denominator)
	{
		if (denominator == 0) return -1;
		long long product = (long long)number * numerator;
		// Windows rounds half away from zero.
		long long half = (denominator < 0 ? -denominator : denominator) / 2;
		long long result =
			((product < 0) != (denominator < 0)) ? (product - half) / denominator : (product + half) / denominator;
		return result > INT_MAX || result < INT_MIN ? -1 : (int)result;
	}

	int MultiByteToWideChar(UINT, DWORD, const char* s, int n, wchar_t* w, int wn)
	{
		if (n < 0) n = (int)strlen(s) + 1;
		if (!w || !wn) return n;
		int i = 0;
		for (; i < n && i < wn; ++i) w[i] = (unsigned char)s[i];
		return i;
	}

	int WideCharToMultiByte(UINT, DWORD, const wchar_t* w, int wn, char* s, int n, const char*, BOOL* used)
	{
		if (wn < 0) wn = (int)wcslen(w) + 1;
		if (used) *used = FALSE;
		if (!s || !n) return wn;
		int i = 0;
		for (; i < wn && i < n; ++i) s[i] = w[i] < 0x100 ? (char)w[i] : '?';
		return i;
	}

	// COM (include/shldisp.h): no server is registered, so no object is ever created.
	HRESULT CoInitialize(void*) { return S_OK; }
	void CoUninitialize(void) {}

	HRESULT CoCreateInstance(REFCLSID, void*, DWORD, REFIID, void** object)
	{
		if (object) *object = NULL;
		return REGDB_E_CLASSNOTREG;
	}

	// A BSTR is its characters, with their size in bytes in the 4 bytes before them.
	BSTR SysAllocString(const OLECHAR* s)
	{
		if (!s) return NULL;
		size_t n = wcslen(s);
		char* block = (char*)malloc(sizeof(DWORD) + (n + 1) * sizeof(OLECHAR));
		if (!block) return NULL;
		*(DWORD*)block = (DWORD)(n * sizeof(OLECHAR));
		BSTR b = (BSTR)(block + sizeof(DWORD));
		memcpy(b, s, (n + 1) * sizeof(OLECHAR));
		return b;
	}

	void SysFreeString(BSTR s)
	{
		if (s) free((char*)s - sizeof(DWORD));
	}
}
