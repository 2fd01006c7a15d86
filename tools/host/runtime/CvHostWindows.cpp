// The Windows functions a core calls (include/windows.h), as a program without a window does them:
// debug output and message boxes go to the host's log (CvHostLog), timers read the monotonic clock,
// keys are never down, the module is the host program, and code patching is refused.
#include <psapi.h>
#include <shldisp.h>
#include <windows.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <time.h>
#include <unistd.h>

#include "CvHostLog.h"

#include <algorithm>
#include <string>
#include <vector>

static bool g_gameClock = false;
static DWORD g_gameClockMs = 0;

void cvHostUseGameClock() { g_gameClock = true; }
void cvHostAdvanceGameClock(unsigned int milliseconds) { g_gameClockMs += milliseconds; }

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

	// The game's clock when a game is played on (cvHostUseGameClock): the core reads the time into
	// the game (a load's new random seed, the statistics' time played), which must not hold the host's.
	DWORD timeGetTime(void) { return g_gameClock ? g_gameClockMs : (DWORD)(monotonicMicroseconds() / 1000); }
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
	// The thread's own id (trees that run threads, as RoM-AND, tell their main thread by it).
	DWORD GetCurrentThreadId(void) { return (DWORD)syscall(SYS_gettid); }
	DWORD GetCurrentProcessId(void) { return (DWORD)getpid(); }
	void ExitProcess(UINT code) { exit((int)code); }

	// No Windows exception reaches a filter: a fault is a signal, which the host reports itself.
	LPTOP_LEVEL_EXCEPTION_FILTER SetUnhandledExceptionFilter(LPTOP_LEVEL_EXCEPTION_FILTER) { return NULL; }

	void GetSystemInfo(SYSTEM_INFO* info)
	{
		memset(info, 0, sizeof(*info));
		info->dwPageSize = (DWORD)sysconf(_SC_PAGESIZE);
		info->dwAllocationGranularity = 65536;
		info->lpMinimumApplicationAddress = (LPVOID)0x10000;
		info->lpMaximumApplicationAddress = (LPVOID)0xFFFEFFFF;
		long processors = sysconf(_SC_NPROCESSORS_ONLN);
		info->dwNumberOfProcessors = processors > 0 ? (DWORD)processors : 1;
		info->dwActiveProcessorMask =
			info->dwNumberOfProcessors >= 32 ? 0xFFFFFFFF : (1UL << info->dwNumberOfProcessors) - 1;
		info->dwProcessorType = 586; // PROCESSOR_INTEL_PENTIUM
		info->wProcessorLevel = 6;
	}

	// There is no window, and so no cursor over one.
	BOOL GetCursorInfo(CURSORINFO* info)
	{
		if (info) memset(&info->flags, 0, sizeof(*info) - sizeof(info->cbSize));
		return FALSE;
	}
	HWND GetActiveWindow(void) { return NULL; }
	BOOL GetWindowInfo(HWND, WINDOWINFO* info)
	{
		if (info) memset(&info->rcWindow, 0, sizeof(*info) - sizeof(info->cbSize));
		return FALSE;
	}

	// A private heap is the C library's (RoM-AND's CvAllocator): its blocks are freed one by one.
	HANDLE HeapCreate(DWORD, size_t, size_t) { return (HANDLE)1; }
	BOOL HeapDestroy(HANDLE) { return TRUE; }
	LPVOID HeapAlloc(HANDLE, DWORD flags, size_t bytes)
	{
		return (flags & HEAP_ZERO_MEMORY) ? calloc(1, bytes ? bytes : 1) : malloc(bytes ? bytes : 1);
	}
	LPVOID HeapReAlloc(HANDLE, DWORD, LPVOID memory, size_t bytes) { return realloc(memory, bytes ? bytes : 1); }
	BOOL HeapFree(HANDLE, DWORD, LPVOID memory)
	{
		free(memory);
		return TRUE;
	}

	static std::string posixPath(const char* name)
	{
		std::string path(name ? name : "");
		for (size_t i = 0; i < path.size(); ++i)
			if (path[i] == '\\') path[i] = '/';
		return path;
	}

	HANDLE CreateFileA(const char* name, DWORD access, DWORD, void*, DWORD creation, DWORD, HANDLE)
	{
		int flags = (access & GENERIC_WRITE) ? ((access & GENERIC_READ) ? O_RDWR : O_WRONLY) : O_RDONLY;
		if (creation == CREATE_NEW) flags |= O_CREAT | O_EXCL;
		if (creation == CREATE_ALWAYS) flags |= O_CREAT | O_TRUNC;
		if (creation == OPEN_ALWAYS) flags |= O_CREAT;
		int fd = open(posixPath(name).c_str(), flags, 0644);
		return fd < 0 ? INVALID_HANDLE_VALUE : (HANDLE)(LONG_PTR)fd;
	}

	BOOL CloseHandle(HANDLE handle) { return close((int)(LONG_PTR)handle) == 0; }

	// A search of one folder, as Windows lists it: "." and ".." first, names matched without case.
	struct CvHostFind
	{
		std::string folder;
		std::vector<std::string> names;
		size_t next;
	};

	static BOOL findFill(CvHostFind* find, WIN32_FIND_DATAA* found)
	{
		if (find->next >= find->names.size())
		{
			SetLastError(find->next ? ERROR_NO_MORE_FILES : ERROR_FILE_NOT_FOUND);
			return FALSE;
		}
		const std::string& name = find->names[find->next++];
		memset(found, 0, sizeof(*found));
		strncpy(found->cFileName, name.c_str(), MAX_PATH - 1);
		struct stat info;
		std::string path = find->folder + "/" + name;
		if (stat(path.c_str(), &info) == 0)
		{
			found->dwFileAttributes = S_ISDIR(info.st_mode) ? FILE_ATTRIBUTE_DIRECTORY : FILE_ATTRIBUTE_NORMAL;
			found->nFileSizeLow = (DWORD)info.st_size;
		}
		return TRUE;
	}

	HANDLE FindFirstFileA(const char* pattern, WIN32_FIND_DATAA* found)
	{
		std::string path = posixPath(pattern);
		size_t slash = path.rfind('/');
		CvHostFind* find = new CvHostFind;
		find->folder = slash == std::string::npos ? "." : path.substr(0, slash);
		std::string mask = slash == std::string::npos ? path : path.substr(slash + 1);
		find->next = 0;
		DIR* dir = opendir(find->folder.c_str());
		if (!dir)
		{
			delete find;
			SetLastError(ERROR_PATH_NOT_FOUND);
			return INVALID_HANDLE_VALUE;
		}
		if (dir)
		{
			for (struct dirent* entry = readdir(dir); entry; entry = readdir(dir))
				if (fnmatch(mask.c_str(), entry->d_name, FNM_CASEFOLD) == 0) find->names.push_back(entry->d_name);
			closedir(dir);
		}
		std::sort(find->names.begin(), find->names.end());
		if (!findFill(find, found))
		{
			delete find;
			return INVALID_HANDLE_VALUE;
		}
		return (HANDLE)find;
	}

	BOOL FindNextFileA(HANDLE search, WIN32_FIND_DATAA* found)
	{
		return search && search != INVALID_HANDLE_VALUE ? findFill((CvHostFind*)search, found) : FALSE;
	}

	BOOL FindClose(HANDLE search)
	{
		if (!search || search == INVALID_HANDLE_VALUE) return FALSE;
		delete (CvHostFind*)search;
		return TRUE;
	}

	DWORD GetFileAttributesA(const char* name)
	{
		struct stat info;
		if (stat(posixPath(name).c_str(), &info) != 0)
		{
			SetLastError(errno == ENOENT ? ERROR_FILE_NOT_FOUND : ERROR_PATH_NOT_FOUND);
			return INVALID_FILE_ATTRIBUTES;
		}
		DWORD attributes = S_ISDIR(info.st_mode) ? FILE_ATTRIBUTE_DIRECTORY : FILE_ATTRIBUTE_NORMAL;
		if (access(posixPath(name).c_str(), W_OK) != 0) attributes |= FILE_ATTRIBUTE_READONLY;
		return attributes;
	}

	BOOL CreateDirectoryA(const char* name, void*)
	{
		if (mkdir(posixPath(name).c_str(), 0777) == 0) return TRUE;
		SetLastError(errno == EEXIST ? ERROR_ALREADY_EXISTS
				: errno == ENOENT    ? ERROR_PATH_NOT_FOUND
									 : ERROR_ACCESS_DENIED);
		return FALSE;
	}
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
	// The last error of a Windows function, as Windows numbers them (ERROR_NO_MORE_FILES...), per
	// thread, as the functions here that fail set it.
	static __thread DWORD lastError;
	DWORD GetLastError(void) { return lastError; }
	void SetLastError(DWORD error) { lastError = error; }

	UINT GetACP(void) { return 1252; } // the game's "ANSI" code page, Windows-1252

	// Realism Invictus's SelfMod.cpp patches the executable's machine code: refused, so it does nothing.
	BOOL VirtualProtect(LPVOID, size_t, DWORD, DWORD*) { return FALSE; }

	// The machine's memory (sysinfo); a 32-bit process's address space is 4 GB, as a large-address-aware
	// DLL's is under 64-bit Windows.
	BOOL GlobalMemoryStatusEx(MEMORYSTATUSEX* status)
	{
		struct sysinfo info;
		if (!status || sysinfo(&info) != 0) return FALSE;
		DWORDLONG unit = info.mem_unit ? info.mem_unit : 1;
		status->dwMemoryLoad = info.totalram ? (DWORD)(100 - (100 * (DWORDLONG)info.freeram) / info.totalram) : 0;
		status->ullTotalPhys = (DWORDLONG)info.totalram * unit;
		status->ullAvailPhys = (DWORDLONG)info.freeram * unit;
		status->ullTotalPageFile = ((DWORDLONG)info.totalram + info.totalswap) * unit;
		status->ullAvailPageFile = ((DWORDLONG)info.freeram + info.freeswap) * unit;
		status->ullTotalVirtual = 1ULL << 32;
		status->ullAvailVirtual = 1ULL << 31;
		status->ullAvailExtendedVirtual = 0;
		return TRUE;
	}

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
