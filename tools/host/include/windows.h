// The Windows API as a game core DLL uses it, for the host (tools/host): types, and the few
// functions the core calls (timers, debug output, message boxes, module names, key state), each
// doing what a program without a window needs. Implemented in tools/host/runtime/CvHostWindows.cpp,
// but for the critical sections and interlocked operations, here.
#ifndef CVHOST_WINDOWS_H
#define CVHOST_WINDOWS_H

#include <pthread.h>
#include <stddef.h>
#include <string.h>
#include <wchar.h>

typedef unsigned long DWORD;
typedef unsigned short WORD;
typedef unsigned char BYTE;
typedef int BOOL;
typedef long LONG;
typedef unsigned long ULONG;
typedef unsigned int UINT;
typedef int INT;
typedef char CHAR;
typedef wchar_t WCHAR;
typedef short SHORT;
typedef unsigned short USHORT;
typedef float FLOAT;
typedef unsigned long long DWORDLONG;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
#define MAX_PATH 260
typedef unsigned long ULONG_PTR;
typedef long LONG_PTR;
typedef unsigned long DWORD_PTR;
typedef size_t SIZE_T;
typedef unsigned int UINT_PTR;
typedef int INT_PTR;
typedef DWORD* LPDWORD;
typedef void* LPVOID;
typedef const void* LPCVOID;
typedef void* PVOID;
typedef void* HANDLE;
typedef struct CvHostModule* HMODULE;
typedef HMODULE HINSTANCE;
typedef struct CvHostWindow* HWND;
typedef char* LPSTR;
typedef const char* LPCSTR;
typedef wchar_t* LPWSTR;
typedef const wchar_t* LPCWSTR;
typedef char TCHAR;
typedef char* LPTSTR;
typedef const char* LPCTSTR;
typedef long HRESULT;
typedef UINT_PTR WPARAM;
typedef LONG_PTR LPARAM;
typedef LONG_PTR LRESULT;
typedef BYTE BOOLEAN;
typedef UINT MMRESULT;
typedef union _LARGE_INTEGER {
	struct { DWORD LowPart; LONG HighPart; } u;
	LONGLONG QuadPart;
} LARGE_INTEGER;

typedef struct _MEMORYSTATUSEX {
	DWORD dwLength;
	DWORD dwMemoryLoad;
	DWORDLONG ullTotalPhys;
	DWORDLONG ullAvailPhys;
	DWORDLONG ullTotalPageFile;
	DWORDLONG ullAvailPageFile;
	DWORDLONG ullTotalVirtual;
	DWORDLONG ullAvailVirtual;
	DWORDLONG ullAvailExtendedVirtual;
} MEMORYSTATUSEX, *LPMEMORYSTATUSEX;

typedef struct tagPOINT { LONG x; LONG y; } POINT;
typedef struct tagRECT { LONG left; LONG top; LONG right; LONG bottom; } RECT;
typedef struct CvHostCursor* HCURSOR;

typedef struct _SYSTEM_INFO {
	WORD wProcessorArchitecture;
	WORD wReserved;
	DWORD dwPageSize;
	LPVOID lpMinimumApplicationAddress;
	LPVOID lpMaximumApplicationAddress;
	DWORD_PTR dwActiveProcessorMask;
	DWORD dwNumberOfProcessors;
	DWORD dwProcessorType;
	DWORD dwAllocationGranularity;
	WORD wProcessorLevel;
	WORD wProcessorRevision;
} SYSTEM_INFO, *LPSYSTEM_INFO;

typedef struct tagCURSORINFO {
	DWORD cbSize;
	DWORD flags;
	HCURSOR hCursor;
	POINT ptScreenPos;
} CURSORINFO;

typedef struct tagWINDOWINFO {
	DWORD cbSize;
	RECT rcWindow;
	RECT rcClient;
	DWORD dwStyle;
	DWORD dwExStyle;
	DWORD dwWindowStatus;
	UINT cxWindowBorders;
	UINT cyWindowBorders;
	WORD atomWindowType;
	WORD wCreatorVersion;
} WINDOWINFO;

// Structured exceptions: the types a filter takes; none reaches one on Linux.
typedef struct _EXCEPTION_RECORD {
	DWORD ExceptionCode;
	DWORD ExceptionFlags;
	struct _EXCEPTION_RECORD* ExceptionRecord;
	PVOID ExceptionAddress;
} EXCEPTION_RECORD;
typedef struct _CONTEXT CONTEXT;
typedef struct _EXCEPTION_POINTERS {
	EXCEPTION_RECORD* ExceptionRecord;
	CONTEXT* ContextRecord;
} EXCEPTION_POINTERS, *PEXCEPTION_POINTERS;
typedef LONG (*LPTOP_LEVEL_EXCEPTION_FILTER)(EXCEPTION_POINTERS* pointers);
#define EXCEPTION_EXECUTE_HANDLER 1
#define EXCEPTION_CONTINUE_SEARCH 0
#define EXCEPTION_CONTINUE_EXECUTION (-1)

// Files, as a search finds them (FindFirstFile) and as CreateFile opens them.
typedef struct _FILETIME { DWORD dwLowDateTime; DWORD dwHighDateTime; } FILETIME;
typedef struct _WIN32_FIND_DATAA {
	DWORD dwFileAttributes;
	FILETIME ftCreationTime;
	FILETIME ftLastAccessTime;
	FILETIME ftLastWriteTime;
	DWORD nFileSizeHigh;
	DWORD nFileSizeLow;
	DWORD dwReserved0;
	DWORD dwReserved1;
	CHAR cFileName[MAX_PATH];
	CHAR cAlternateFileName[14];
} WIN32_FIND_DATAA, *LPWIN32_FIND_DATAA;
typedef WIN32_FIND_DATAA WIN32_FIND_DATA;

#define TRUE 1
#define FALSE 0
#define WINAPI
#define APIENTRY
#define CALLBACK
#define __stdcall
#define __cdecl
#define CONST const
#define VOID void
#define TEXT(s) s
#define S_OK ((HRESULT)0)
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#define MB_OK 0x0
#define MB_OKCANCEL 0x1
#define MB_YESNO 0x4
#define MB_ICONERROR 0x10
#define MB_ICONEXCLAMATION 0x30
#define MB_ICONWARNING 0x30
#define MB_ICONINFORMATION 0x40
#define IDOK 1
#define IDCANCEL 2
#define IDYES 6
#define IDNO 7
#define DLL_PROCESS_ATTACH 1
#define DLL_THREAD_ATTACH 2
#define DLL_THREAD_DETACH 3
#define DLL_PROCESS_DETACH 0
#define VK_LBUTTON 0x01
#define VK_RBUTTON 0x02
#define VK_SHIFT 0x10
#define VK_CONTROL 0x11
#define VK_MENU 0x12
#define VK_ESCAPE 0x1B
#define VK_SPACE 0x20
#define VK_LSHIFT 0xA0
#define VK_RSHIFT 0xA1
#define VK_LCONTROL 0xA2
#define VK_RCONTROL 0xA3
#define ARRAYSIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ZeroMemory(p, n) memset((p), 0, (n))
#define CopyMemory(d, s, n) memcpy((d), (s), (n))
#define FillMemory(p, n, v) memset((p), (v), (n))
#define LOWORD(l) ((WORD)((DWORD_PTR)(l) & 0xffff))
#define HIWORD(l) ((WORD)(((DWORD_PTR)(l) >> 16) & 0xffff))
#define MAKELONG(a, b) ((LONG)(((WORD)(a)) | ((DWORD)((WORD)(b))) << 16))
#define PAGE_EXECUTE_READWRITE 0x40
#define GET_MODULE_HANDLE_EX_FLAG_PIN 0x1
#define GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT 0x2
#define GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS 0x4
#define CP_ACP 0
#define CP_UTF8 65001
#define MB_PRECOMPOSED 0x1
#define MB_ERR_INVALID_CHARS 0x8
#define INVALID_HANDLE_VALUE ((HANDLE)(LONG_PTR)-1)
#define INVALID_FILE_ATTRIBUTES ((DWORD)-1)
#define ERROR_SUCCESS 0L
#define ERROR_FILE_NOT_FOUND 2L
#define ERROR_PATH_NOT_FOUND 3L
#define ERROR_ACCESS_DENIED 5L
#define ERROR_NO_MORE_FILES 18L
#define ERROR_ALREADY_EXISTS 183L
#define GENERIC_READ 0x80000000
#define GENERIC_WRITE 0x40000000
#define CREATE_NEW 1
#define CREATE_ALWAYS 2
#define OPEN_EXISTING 3
#define OPEN_ALWAYS 4
#define FILE_ATTRIBUTE_READONLY 0x1
#define FILE_ATTRIBUTE_HIDDEN 0x2
#define FILE_ATTRIBUTE_DIRECTORY 0x10
#define FILE_ATTRIBUTE_NORMAL 0x80
#define HEAP_ZERO_MEMORY 0x8
#define HEAP_NO_SERIALIZE 0x1
#define CURSOR_SHOWING 0x1

#ifdef __cplusplus
extern "C" {
#endif
void OutputDebugStringA(const char* s);
void OutputDebugStringW(const wchar_t* s);
int MessageBoxA(HWND w, const char* text, const char* caption, UINT type);
int MessageBoxW(HWND w, const wchar_t* text, const wchar_t* caption, UINT type);
DWORD timeGetTime(void);
UINT timeBeginPeriod(UINT period);
UINT timeEndPeriod(UINT period);
DWORD GetTickCount(void);
BOOL QueryPerformanceCounter(LARGE_INTEGER* count);
BOOL QueryPerformanceFrequency(LARGE_INTEGER* frequency);
DWORD GetModuleFileNameA(HMODULE module, char* name, DWORD size);
HMODULE GetModuleHandleA(const char* name);
BOOL GetModuleHandleExA(DWORD flags, const char* name, HMODULE* module);
SHORT GetKeyState(int key);
SHORT GetAsyncKeyState(int key);
void Sleep(DWORD milliseconds);
DWORD GetCurrentThreadId(void);
HANDLE GetCurrentProcess(void);
DWORD GetLastError(void);
void SetLastError(DWORD error);
UINT GetACP(void);
BOOL VirtualProtect(LPVOID address, size_t size, DWORD protect, DWORD* old);
BOOL GlobalMemoryStatusEx(MEMORYSTATUSEX* status);
void GetSystemInfo(SYSTEM_INFO* info);
DWORD GetCurrentProcessId(void);
void ExitProcess(UINT code);
LPTOP_LEVEL_EXCEPTION_FILTER SetUnhandledExceptionFilter(LPTOP_LEVEL_EXCEPTION_FILTER filter);
BOOL GetCursorInfo(CURSORINFO* info);
HWND GetActiveWindow(void);
BOOL GetWindowInfo(HWND window, WINDOWINFO* info);
HANDLE HeapCreate(DWORD options, size_t initial, size_t maximum);
BOOL HeapDestroy(HANDLE heap);
LPVOID HeapAlloc(HANDLE heap, DWORD flags, size_t bytes);
LPVOID HeapReAlloc(HANDLE heap, DWORD flags, LPVOID memory, size_t bytes);
BOOL HeapFree(HANDLE heap, DWORD flags, LPVOID memory);
HANDLE CreateFileA(const char* name, DWORD access, DWORD share, void* security, DWORD creation, DWORD attributes,
                   HANDLE model);
BOOL CloseHandle(HANDLE handle);
HANDLE FindFirstFileA(const char* pattern, WIN32_FIND_DATAA* found);
BOOL FindNextFileA(HANDLE search, WIN32_FIND_DATAA* found);
BOOL FindClose(HANDLE search);
DWORD GetFileAttributesA(const char* name);
BOOL CreateDirectoryA(const char* name, void* security);
void DebugBreak(void);
int MulDiv(int number, int numerator, int denominator);
int MultiByteToWideChar(UINT page, DWORD flags, const char* s, int n, wchar_t* w, int wn);
int WideCharToMultiByte(UINT page, DWORD flags, const wchar_t* w, int wn, char* s, int n,
                        const char* def, BOOL* used);
#ifdef __cplusplus
}
#endif

// Critical sections and interlocked operations, for trees that run threads (RoM-AND's): a critical
// section is a recursive mutex, as Windows' is (its owner may enter it again); the interlocked
// operations are the compiler's atomic ones, full barriers as on Windows.
typedef struct _RTL_CRITICAL_SECTION {
	pthread_mutex_t cvHostMutex;
} CRITICAL_SECTION, *LPCRITICAL_SECTION;

static inline void InitializeCriticalSection(CRITICAL_SECTION* section) {
	pthread_mutexattr_t attributes;
	pthread_mutexattr_init(&attributes);
	pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&section->cvHostMutex, &attributes);
	pthread_mutexattr_destroy(&attributes);
}
static inline BOOL InitializeCriticalSectionAndSpinCount(CRITICAL_SECTION* section, DWORD spins) {
	(void)spins;
	InitializeCriticalSection(section);
	return TRUE;
}
static inline void EnterCriticalSection(CRITICAL_SECTION* section) { pthread_mutex_lock(&section->cvHostMutex); }
static inline BOOL TryEnterCriticalSection(CRITICAL_SECTION* section) {
	return pthread_mutex_trylock(&section->cvHostMutex) == 0;
}
static inline void LeaveCriticalSection(CRITICAL_SECTION* section) { pthread_mutex_unlock(&section->cvHostMutex); }
static inline void DeleteCriticalSection(CRITICAL_SECTION* section) { pthread_mutex_destroy(&section->cvHostMutex); }

static inline LONG InterlockedIncrement(LONG volatile* value) { return __sync_add_and_fetch(value, 1); }
static inline LONG InterlockedDecrement(LONG volatile* value) { return __sync_sub_and_fetch(value, 1); }
static inline LONG InterlockedExchange(LONG volatile* target, LONG value) {
	__sync_synchronize();
	return __sync_lock_test_and_set(target, value);
}
static inline LONG InterlockedExchangeAdd(LONG volatile* target, LONG value) { return __sync_fetch_and_add(target, value); }
static inline LONG InterlockedCompareExchange(LONG volatile* target, LONG exchange, LONG comparand) {
	return __sync_val_compare_and_swap(target, comparand, exchange);
}
static inline PVOID InterlockedCompareExchangePointer(PVOID volatile* target, PVOID exchange, PVOID comparand) {
	return __sync_val_compare_and_swap(target, comparand, exchange);
}

#define OutputDebugString OutputDebugStringA
#define MessageBox MessageBoxA
#define GetModuleFileName GetModuleFileNameA
#define GetModuleHandle GetModuleHandleA
#define CreateFile CreateFileA
#define FindFirstFile FindFirstFileA
#define FindNextFile FindNextFileA
#define GetFileAttributes GetFileAttributesA
#define CreateDirectory CreateDirectoryA

#endif
