// Visual C++'s run-time library where it differs from glibc's, for a core built for the host.
//
// Names: MSVC's underscored and case-insensitive functions, mapped to glibc's.
// Meanings: MSVC's wide printf reads %s and %c as wide and %S and %C as narrow; glibc's reads them
// the other way round (a core's CvWString::Copy formats with L"%S", which glibc would read as a
// wide string and overrun the heap). Every wide printf the core calls goes through
// cvHostWideFormat, which rewrites the format to glibc's meaning. And MSVC 2003's swprintf takes no
// buffer size (_CRT_NON_CONFORMING_SWPRINTFS).
#ifndef CVHOST_CRT_H
#define CVHOST_CRT_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>
#include <wctype.h>
#include <math.h>

#define stricmp strcasecmp
#define _stricmp strcasecmp
#define strnicmp strncasecmp
#define _strnicmp strncasecmp
#define _strdup strdup
#define _snprintf snprintf
#define _vsnprintf vsnprintf
#define _finite(x) isfinite(x)
#define _isnan(x) isnan(x)
#define __max(a, b) (((a) > (b)) ? (a) : (b))
#define __min(a, b) (((a) < (b)) ? (a) : (b))

// The wide buffer size assumed where MSVC's swprintf takes none: the core's buffers are at most
// this large (1024 wide characters is the largest in the shared trees).
enum { CVHOST_UNSIZED_WIDE_BUFFER = 1 << 16 };

#ifdef __cplusplus
extern "C" {
#endif
// The format rewritten for glibc (%s <-> %ls, %S -> %s, %c -> %lc, %C -> %c) into a buffer of its
// own per thread; in tools/host/runtime/CvHostCrt.cpp.
const wchar_t* cvHostWideFormat(const wchar_t* format);
int cvHostWcsicmp(const wchar_t* a, const wchar_t* b);
int cvHostWcsnicmp(const wchar_t* a, const wchar_t* b, size_t n);
int cvHostWtoi(const wchar_t* s);
double cvHostWtof(const wchar_t* s);
char* cvHostItoa(int value, char* out, int radix);
wchar_t* cvHostItow(int value, wchar_t* out, int radix);
char* cvHostStrlwr(char* s);
char* cvHostStrupr(char* s);
wchar_t* cvHostWcslwr(wchar_t* s);
wchar_t* cvHostWcsupr(wchar_t* s);
// The program's path, as the C run-time library's _pgmptr gives it (RoM-AND finds its folder by it).
char* cvHostProgramPath(void);
#ifdef __cplusplus
}
#endif

#define wcsicmp cvHostWcsicmp
#define _wcsicmp cvHostWcsicmp
#define wcsnicmp cvHostWcsnicmp
#define _wcsnicmp cvHostWcsnicmp
#define _wtoi cvHostWtoi
#define _wtof cvHostWtof
#define _itoa cvHostItoa
#define itoa cvHostItoa
#define _itow cvHostItow
#define _strlwr cvHostStrlwr
#define strlwr cvHostStrlwr
#define _strupr cvHostStrupr
#define strupr cvHostStrupr
#define _wcslwr cvHostWcslwr
#define _wcsupr cvHostWcsupr
#define _pgmptr (cvHostProgramPath())

#ifdef __cplusplus
inline int cvHostVswprintf(wchar_t* out, size_t size, const wchar_t* format, va_list args) {
	return vswprintf(out, size, cvHostWideFormat(format), args);
}
inline int cvHostSwprintf(wchar_t* out, const wchar_t* format, ...) {
	va_list args;
	va_start(args, format);
	int n = cvHostVswprintf(out, CVHOST_UNSIZED_WIDE_BUFFER, format, args);
	va_end(args);
	return n;
}
inline int cvHostSwprintf(wchar_t* out, size_t size, const wchar_t* format, ...) {
	va_list args;
	va_start(args, format);
	int n = cvHostVswprintf(out, size, format, args);
	va_end(args);
	return n;
}
inline int cvHostVswprintfUnsized(wchar_t* out, const wchar_t* format, va_list args) {
	return cvHostVswprintf(out, CVHOST_UNSIZED_WIDE_BUFFER, format, args);
}
#define swprintf cvHostSwprintf
#define _snwprintf cvHostSwprintf
#define _vsnwprintf cvHostVswprintf
#endif

#endif
